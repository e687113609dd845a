import { webcrypto } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { JWT_LIFETIME_SECONDS } from '@hearth/protocol';
import { unauthorized } from '../errors.ts';
import type { StoredUser, UserRepository } from '../repositories/user-repository.ts';
import type { ApiKeys } from './api-keys.ts';
import type { SessionLookup } from './sessions.ts';

/** Users whose keys are kept at most (more are dropped all at once: a bound, not a policy). */
const MAX_KEPT_KEYS = 1000;

/** Verified tokens kept at most (more are dropped all at once: a bound, not a policy). */
const MAX_VERIFIED_TOKENS = 1000;

/** The leeway on `exp`, in seconds (jose's `clockTolerance`, the same for a remembered token). */
const CLOCK_TOLERANCE_SECONDS = 60;

/** What a token's checked signature proved, and under which secret. */
interface VerifiedToken {
  secret: string;
  uid: string;
  exp: number;
  sid: unknown;
}

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

/** Who presents a token (the request's client address), for last-seen records. */
export interface Caller {
  ip: string;
}

/**
 * HS512 JWTs signed by the user's own secret (core-api.md §1.2), with `{uid, exp}` and Hearth's
 * `sid`: the session the sign-in opened (auth/sessions.ts). Rotating the secret revokes every
 * token of that user at once, ending a session revokes its own. API keys (`hth_…`) and macro task
 * tokens have their own forms and are never read as JWTs.
 */
export class TokenService {
  /**
   * Each user's verification key, imported once per secret (importing it on every request was a
   * tenth of a request's time, issue 26); a rotated secret replaces its entry.
   */
  private readonly keys = new Map<string, { secret: string; key: Promise<webcrypto.CryptoKey> }>();
  /**
   * Tokens whose HMAC was checked, by their exact text: a dashboard sends the same token with every
   * request, and checking its signature again was a tenth of the core's time in a burst of starts
   * and stops (issue 26). Only the signature check is remembered, and only for the secret it was
   * made with (a rotated secret checks again, and fails); expiry, the user and the session are
   * checked on every request as before.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionLookup,
    private readonly delegated: DelegatedTokens | null = null,
    private readonly apiKeys: ApiKeys | null = null,
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

  /** A token for `sessionId`, expiring when the session does (`exp`, unix seconds). */
  async issue(
    user: StoredUser,
    sessionId: string,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    return new SignJWT({ uid: user.uid, exp: nowSeconds + JWT_LIFETIME_SECONDS, sid: sessionId })
      .setProtectedHeader({ typ: 'JWT', alg: 'HS512' })
      .sign(new TextEncoder().encode(user.secret));
  }

  /** When a token issued now expires (unix ms), for its session's record. */
  expiryOfNew(nowSeconds = Math.floor(Date.now() / 1000)): number {
    return (nowSeconds + JWT_LIFETIME_SECONDS) * 1000;
  }

  /** The user a token belongs to, or an Unauthorized error. */
  async verify(token: string, caller?: Caller): Promise<StoredUser> {
    if (this.apiKeys?.owns(token)) return this.apiKeys.verify(token, caller);
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
    const sid = await this.verifiedSid(token, user);
    // A token from before sessions existed, or of a session since signed out, is refused.
    const session = typeof sid === 'string' ? this.sessions.check(sid, user.uid) : null;
    if (session === null) throw unauthorized('Session ended');
    if (caller) this.sessions.seen(session, caller.ip);
    return { ...user, sessionId: session.id };
  }

  /** The token's `sid` once its signature (by the user's current secret), `uid` and `exp` hold. */
  private async verifiedSid(token: string, user: StoredUser): Promise<unknown> {
    const kept = this.verified.get(token);
    if (kept !== undefined && kept.secret === user.secret && kept.uid === user.uid) {
      if (kept.exp > Math.floor(Date.now() / 1000) - CLOCK_TOLERANCE_SECONDS) return kept.sid;
      this.verified.delete(token);
      throw unauthorized('Token expired');
    }
    try {
      const { payload } = await jwtVerify(token, await this.keyOf(user), {
        algorithms: ['HS512'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp'],
      });
      if (payload.uid !== user.uid) throw new Error('uid mismatch');
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear();
        this.verified.set(token, {
          secret: user.secret,
          uid: user.uid,
          exp: payload.exp,
          sid: payload.sid,
        });
      }
      return payload.sid;
    } catch (err) {
      const expired = err instanceof Error && 'code' in err && err.code === 'ERR_JWT_EXPIRED';
      throw unauthorized(expired ? 'Token expired' : 'Invalid token');
    }
  }
}
