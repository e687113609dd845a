import { webcrypto } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { JWT_LIFETIME_SECONDS } from '@hearth/protocol';
import { unauthorized } from '../errors.ts';
import type { StoredUser, UserRepository } from '../repositories/user-repository.ts';

/** Users whose keys are kept at most (more are dropped all at once: a bound, not a policy). */
const MAX_KEPT_KEYS = 1000;

/** Tokens the core hands to its own processes (macro tasks); each acts for one user until revoked. */
export interface DelegatedTokens {
  /** True when `token` has the delegated form (it is then never read as a JWT). */
  owns(token: string): boolean;
  /**
   * Who a live delegated token acts as — its user, possibly with narrower rights (a macro task's
   * are bounded by its code's authors); null once it was revoked or its user is gone.
   */
  userFor(token: string): StoredUser | null;
}

/**
 * HS512 JWTs with exactly {uid, exp} signed by the user's own secret (core-api.md §1.2):
 * rotating the secret revokes every token of that user at once.
 */
export class TokenService {
  /**
   * Each user's verification key, imported once per secret (importing it on every request was a
   * tenth of a request's time, issue 26); a rotated secret replaces its entry.
   */
  private readonly keys = new Map<string, { secret: string; key: Promise<webcrypto.CryptoKey> }>();

  constructor(
    private readonly users: UserRepository,
    private readonly delegated: DelegatedTokens | null = null,
  ) {}

  private keyOf(user: StoredUser): Promise<webcrypto.CryptoKey> {
    const kept = this.keys.get(user.uid);
    if (kept?.secret === user.secret) return kept.key;
    if (this.keys.size >= MAX_KEPT_KEYS) this.keys.clear();
    const key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(user.secret),
      { name: 'HMAC', hash: 'SHA-512' },
      false,
      ['verify'],
    );
    this.keys.set(user.uid, { secret: user.secret, key });
    key.catch(() => this.keys.delete(user.uid));
    return key;
  }

  async issue(user: StoredUser, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
    return new SignJWT({ uid: user.uid, exp: nowSeconds + JWT_LIFETIME_SECONDS })
      .setProtectedHeader({ typ: 'JWT', alg: 'HS512' })
      .sign(new TextEncoder().encode(user.secret));
  }

  /** The user a token belongs to, or an Unauthorized error. */
  async verify(token: string): Promise<StoredUser> {
    if (this.delegated?.owns(token)) {
      const user = this.delegated.userFor(token);
      if (!user) throw unauthorized('Invalid token');
      return user;
    }
    let claimed: unknown;
    try {
      claimed = decodeJwt(token).uid;
    } catch {
      throw unauthorized('Invalid token');
    }
    if (typeof claimed !== 'string') throw unauthorized('Invalid token');
    const user = this.users.byUid(claimed);
    if (!user) throw unauthorized('Invalid token');
    try {
      const { payload } = await jwtVerify(token, await this.keyOf(user), {
        algorithms: ['HS512'],
        clockTolerance: 60,
        requiredClaims: ['exp'],
      });
      if (payload.uid !== user.uid) throw new Error('uid mismatch');
    } catch (err) {
      const expired = err instanceof Error && 'code' in err && err.code === 'ERR_JWT_EXPIRED';
      throw unauthorized(expired ? 'Token expired' : 'Invalid token');
    }
    return user;
  }
}
