import { describe, expect, it } from 'vitest';
import { CrashGuard } from './crash-guard.ts';

describe('CrashGuard', () => {
  it('allows maxRestarts within the window, then refuses until old crashes leave the window', () => {
    let now = 0;
    const guard = new CrashGuard({ maxRestarts: 3, windowMs: 300_000, delayMs: 0 }, () => now);
    expect([guard.tryRestart(), guard.tryRestart(), guard.tryRestart()]).toEqual([1, 2, 3]);
    now = 299_999;
    expect(guard.tryRestart()).toBeNull();
    now = 300_000;
    expect(guard.tryRestart()).toBe(1);
    guard.reset();
    expect(guard.tryRestart()).toBe(1);
  });
});
