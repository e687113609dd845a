/** Time for the scheduler: injected so tests move it forward instead of waiting. */
export interface Clock {
  now(): number;
  /** Calls `fn` once, `delayMs` from now (or later); returns a function that cancels it. */
  setTimer(fn: () => void, delayMs: number): () => void;
}

/** setTimeout takes at most 2^31-1 ms (~24.8 days); longer delays are re-armed in steps. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** The real clock. Timers never keep the process alive on their own. */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  setTimer(fn: () => void, delayMs: number): () => void {
    const due = Date.now() + Math.max(0, delayMs);
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const left = due - Date.now();
      if (left <= 0) {
        fn();
        return;
      }
      timer = setTimeout(arm, Math.min(left, MAX_TIMEOUT_MS));
      timer.unref();
    };
    arm();
    return () => clearTimeout(timer);
  }
}

interface ManualTimer {
  due: number;
  seq: number;
  fn: () => void;
}

/** Lets queued promise chains run (several turns of the event loop, no time passes). */
export async function settle(turns = 10): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A clock that only moves when told to. `advance` fires due timers one at a time in due order,
 * with the clock set to each timer's due time, and lets promises settle after each; tests (and an
 * end-to-end run that drives the core's time) use it in place of SystemClock.
 */
export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private timers: ManualTimer[] = [];

  constructor(start: number) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(fn: () => void, delayMs: number): () => void {
    const timer: ManualTimer = { due: this.current + Math.max(0, delayMs), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Timers still waiting. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves the clock forward by `ms`, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    await settle();
    for (;;) {
      const next = this.timers
        .filter((t) => t.due <= target)
        .sort((a, b) => a.due - b.due || a.seq - b.seq)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.current = Math.max(this.current, next.due);
      next.fn();
      await settle();
    }
    this.current = target;
    await settle();
  }

  /** Jumps to `time` without firing anything (a core that was not running meanwhile). */
  jump(time: number): void {
    this.current = time;
  }
}
