import { createHash, randomBytes } from 'node:crypto';
import { TWO_FACTOR_CHALLENGE_ATTEMPTS, TWO_FACTOR_CHALLENGE_SECONDS } from '@hearth/protocol';

/** A right password waiting for its second factor. */
export interface PendingSignIn {
  uid: string;
  username: string;
  expiresAt: number;
  failures: number;
}

const keyOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/**
 * The challenges of POST /user/login when the password was right and a code is needed: 256 random
 * bits, kept in memory (a restart asks for the password again) by their hash, for five minutes and
 * at most five wrong codes. Bounded: past `maxPending` the oldest go.
 */
export class TwoFactorChallenges {
  private readonly pending = new Map<string, PendingSignIn>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxPending = 10_000,
  ) {}

  issue(uid: string, username: string): { challenge: string; expiresIn: number } {
    const challenge = randomBytes(32).toString('base64url');
    this.pending.set(keyOf(challenge), {
      uid,
      username,
      expiresAt: this.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000,
      failures: 0,
    });
    while (this.pending.size > this.maxPending) {
      const oldest = this.pending.keys().next();
      if (oldest.done) break;
      this.pending.delete(oldest.value);
    }
    return { challenge, expiresIn: TWO_FACTOR_CHALLENGE_SECONDS };
  }

  /** The sign-in a challenge stands for, or null once it expired, was used or failed too often. */
  peek(challenge: string): PendingSignIn | null {
    const key = keyOf(challenge);
    const found = this.pending.get(key);
    if (found === undefined) return null;
    if (found.expiresAt <= this.now()) {
      this.pending.delete(key);
      return null;
    }
    return found;
  }

  /** A wrong code: after TWO_FACTOR_CHALLENGE_ATTEMPTS the password is needed again. */
  fail(challenge: string): void {
    const key = keyOf(challenge);
    const found = this.pending.get(key);
    if (found === undefined) return;
    found.failures += 1;
    if (found.failures >= TWO_FACTOR_CHALLENGE_ATTEMPTS) this.pending.delete(key);
  }

  consume(challenge: string): void {
    this.pending.delete(keyOf(challenge));
  }
}
