/** How long one viewer may hold a server's output before it is switched to skipping frames. */
export const MAX_HOLD_MS = 5000;

/**
 * Flow control between a server's output and its console viewers. A viewer whose socket backlog
 * is high "holds" the gate; while any hold is active the core stops reading the server's stdout, so
 * the pipe fills and the server waits (as it would on a slow terminal) instead of the core queueing
 * without bound or dropping lines for a viewer that is merely slower than the flood. A hold that lasts
 * longer than `maxHoldMs` (a viewer that stopped reading) is cancelled for good: that viewer skips
 * frames from then on and never pauses the server again.
 */
export class OutputGate {
  private readonly holds = new Map<object, NodeJS.Timeout>();
  private readonly banned = new WeakSet<object>();

  constructor(
    private readonly onChange: (paused: boolean) => void,
    private readonly maxHoldMs = MAX_HOLD_MS,
  ) {}

  get paused(): boolean {
    return this.holds.size > 0;
  }

  /** Asks the server to wait for `viewer`; false when this viewer may not (it lagged too long before). */
  hold(viewer: object, onExpired: () => void): boolean {
    if (this.banned.has(viewer)) return false;
    if (this.holds.has(viewer)) return true;
    const timer = setTimeout(() => {
      this.banned.add(viewer);
      this.release(viewer);
      onExpired();
    }, this.maxHoldMs);
    timer.unref();
    const wasPaused = this.paused;
    this.holds.set(viewer, timer);
    if (!wasPaused) this.onChange(true);
    return true;
  }

  release(viewer: object): void {
    const timer = this.holds.get(viewer);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.holds.delete(viewer);
    if (!this.paused) this.onChange(false);
  }
}
