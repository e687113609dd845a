import { CoreError } from '../errors.ts';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counts failed logins per IP and per username in fixed windows; once either is over its limit,
 * further attempts get 429 until the window ends. A success clears the username's count.
 */
export class LoginRateLimiter {
  private readonly byIp = new Map<string, Window>();
  private readonly byUser = new Map<string, Window>();

  constructor(
    private readonly limits: { perIp: number; perUsername: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  check(ip: string, username: string): void {
    const t = this.now();
    for (const [map, key, limit] of [
      [this.byIp, ip, this.limits.perIp],
      [this.byUser, username.toLowerCase(), this.limits.perUsername],
    ] as const) {
      const w = map.get(key);
      if (w && w.resetAt > t && w.count >= limit) {
        const seconds = Math.ceil((w.resetAt - t) / 1000);
        throw new CoreError(
          'BadRequest',
          [`Too many login attempts, try again in ${seconds} seconds`],
          429,
        );
      }
    }
  }

  recordFailure(ip: string, username: string): void {
    this.bump(this.byIp, ip);
    this.bump(this.byUser, username.toLowerCase());
  }

  recordSuccess(username: string): void {
    this.byUser.delete(username.toLowerCase());
  }

  private bump(map: Map<string, Window>, key: string): void {
    const t = this.now();
    const w = map.get(key);
    if (!w || w.resetAt <= t) map.set(key, { count: 1, resetAt: t + this.limits.windowMs });
    else w.count += 1;
    if (map.size > 10_000) {
      for (const [k, v] of map) if (v.resetAt <= t) map.delete(k);
    }
  }
}
