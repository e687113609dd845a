export interface OutputLimits {
  /** Bytes read per window before the pipes are paused until the window ends. */
  bytesPerWindow: number;
  /** Lines handed on per window; the rest are counted as dropped. */
  linesPerWindow: number;
  windowMs: number;
}

/** 256 KiB and 200 lines a second: plenty for a macro's logging, nothing a flood can grow. */
export const DEFAULT_OUTPUT_LIMITS: OutputLimits = {
  bytesPerWindow: 256 * 1024,
  linesPerWindow: 200,
  windowMs: 1000,
};

/**
 * Bounds what a task's output costs the core. Past the byte budget of a window the core stops
 * reading the task's pipes until the window ends: the pipe fills and the macro waits on its own
 * writes (the core never does). Past the line budget lines are dropped and counted.
 */
export class OutputThrottle {
  private windowStart: number;
  private bytes = 0;
  private lines = 0;
  private dropped = 0;
  private paused = false;
  private lifted = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limits: OutputLimits,
    private readonly setPaused: (paused: boolean) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStart = now();
  }

  /** Counts bytes just read; pauses reading when the window's budget is spent. */
  onBytes(n: number): void {
    this.roll();
    this.bytes += n;
    if (this.lifted || this.paused || this.bytes < this.limits.bytesPerWindow) return;
    this.paused = true;
    this.setPaused(true);
    const wait = Math.max(1, this.windowStart + this.limits.windowMs - this.now());
    this.timer = setTimeout(() => this.resume(), wait);
    this.timer.unref();
  }

  /** True when a line may be handed on in this window. */
  acceptLine(): boolean {
    this.roll();
    if (this.lifted || this.lines < this.limits.linesPerWindow) {
      this.lines++;
      return true;
    }
    this.dropped++;
    return false;
  }

  /** Lines dropped since the last call. */
  takeDropped(): number {
    const n = this.dropped;
    this.dropped = 0;
    return n;
  }

  /** The process exited: read what is left in the pipes at once. */
  lift(): void {
    this.lifted = true;
    this.resume();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private resume(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.roll();
    if (!this.paused) return;
    this.paused = false;
    this.setPaused(false);
  }

  private roll(): void {
    const now = this.now();
    if (now - this.windowStart < this.limits.windowMs) return;
    this.windowStart = now;
    this.bytes = 0;
    this.lines = 0;
  }
}
