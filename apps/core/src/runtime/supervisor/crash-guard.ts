/** How many crash restarts are allowed within a sliding window before giving up (crash loop). */
export interface CrashPolicy {
  maxRestarts: number;
  windowMs: number;
  /** Pause before each automatic restart. */
  delayMs: number;
}

export const DEFAULT_CRASH_POLICY: CrashPolicy = {
  maxRestarts: 3,
  windowMs: 5 * 60_000,
  delayMs: 1000,
};

/** Remembers recent crash restarts of one instance. */
export class CrashGuard {
  private restarts: number[] = [];

  constructor(
    private readonly policy: CrashPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a restart if one is still allowed; returns its number (1-based) or null in a crash loop. */
  tryRestart(): number | null {
    const t = this.now();
    this.restarts = this.restarts.filter((at) => t - at < this.policy.windowMs);
    if (this.restarts.length >= this.policy.maxRestarts) return null;
    this.restarts.push(t);
    return this.restarts.length;
  }

  /** A start asked for by a person (or auto-start) forgives earlier crashes. */
  reset(): void {
    this.restarts = [];
  }
}
