import type { LoginRateLimiter } from '../../auth/login-rate-limiter.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import type { StoredSshKey } from '../../repositories/ssh-key-repository.ts';
import { instanceOfShortId, parseSftpUsername } from './sftp-names.ts';
import { verifyKeySignature } from './ssh-key-text.ts';

/** Who a signed-in SFTP session acts as, on which instance, and with which key (if one). */
export interface SftpAccount {
  user: StoredUser;
  instance: string;
  /** The SSH key that signed in, or null for a password. */
  keyId: string | null;
}

/**
 * One way a password may sign someone in: the user it names for `username`, or null. The first
 * check that answers a user wins. Today the account password (argon2); an API key whose scope
 * allows file access will be a second check returning a principal bounded by that scope.
 */
export type PasswordCheck = (username: string, password: string) => Promise<StoredUser | null>;

export interface SftpAuthDeps {
  /** The web login's limiter: an address and a username share one budget over both doors. */
  limiter: LoginRateLimiter;
  passwordChecks: readonly PasswordCheck[];
  userByName(username: string): StoredUser | null;
  findKey(uid: string, blob: Buffer): StoredSshKey | null;
  keyUsed(id: string): void;
  /** Every instance's uuid (a short id must name exactly one). */
  instances(): readonly string[];
  /** Whether the user may read the instance's files now (the account exists only then). */
  mayRead(user: StoredUser, instance: string): boolean;
}

/** A public key offered by a client; `signed` is absent while it only asks whether we'd take it. */
export interface OfferedKey {
  algorithm: string;
  blob: Buffer;
  signed?: { data: Buffer; signature: Buffer; hashAlgo: string | undefined };
}

/**
 * SFTP sign-in: `<username>.<short id>` with the account's password or one of the user's SSH keys.
 * Password attempts and signed key attempts go through the web login's rate limiter (a throttled
 * attempt is refused before anything is verified, like a 429); an unknown user, an instance the
 * user may not read and a wrong password are one and the same refusal.
 */
export class SftpAuthenticator {
  constructor(private readonly deps: SftpAuthDeps) {}

  async password(ip: string, login: string, password: string): Promise<SftpAccount | null> {
    const parsed = parseSftpUsername(login);
    const name = parsed?.username ?? login;
    return this.throttled(ip, name, async () => {
      let user: StoredUser | null = null;
      for (const check of this.deps.passwordChecks) {
        user = await check(name, password);
        if (user !== null) break;
      }
      return user === null || parsed === null ? null : this.account(user, parsed.shortId, null);
    });
  }

  /**
   * A key the client offers. Unsigned (the client asks before it signs): `'acceptable'` when the
   * user added it and the account exists, else null; nothing is counted. Signed: the account, or
   * null (counted as a failed sign-in).
   */
  async publicKey(
    ip: string,
    login: string,
    offered: OfferedKey,
  ): Promise<SftpAccount | 'acceptable' | null> {
    const parsed = parseSftpUsername(login);
    if (parsed === null) return null;
    const lookup = () => {
      const user = this.deps.userByName(parsed.username);
      const key = user === null ? null : this.deps.findKey(user.uid, offered.blob);
      return user === null || key === null ? null : this.account(user, parsed.shortId, key.id);
    };
    const signed = offered.signed;
    if (signed === undefined) return lookup() === null ? null : 'acceptable';
    return this.throttled(ip, parsed.username, async () => {
      const account = lookup();
      if (account === null) return null;
      const ok = verifyKeySignature(
        offered.blob,
        offered.algorithm,
        signed.data,
        signed.signature,
        signed.hashAlgo,
      );
      if (!ok) return null;
      if (account.keyId !== null) this.deps.keyUsed(account.keyId);
      return account;
    });
  }

  /** Runs one counted attempt: refused while throttled, its outcome recorded. */
  private async throttled(
    ip: string,
    name: string,
    attempt: () => Promise<SftpAccount | null>,
  ): Promise<SftpAccount | null> {
    const { limiter } = this.deps;
    try {
      limiter.check(ip, name);
    } catch {
      return null;
    }
    try {
      const account = await attempt();
      if (account === null) limiter.recordFailure(ip, name);
      else limiter.recordSuccess(ip, name);
      return account;
    } finally {
      limiter.release(ip, name);
    }
  }

  private account(user: StoredUser, shortId: string, keyId: string | null): SftpAccount | null {
    const instance = instanceOfShortId(shortId, this.deps.instances());
    if (instance === null || !this.deps.mayRead(user, instance)) return null;
    return { user, instance, keyId };
  }
}
