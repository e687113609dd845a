import { randomUUID, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  INSTANCE_PERMISSION_KEYS,
  GLOBAL_PERMISSION_KEYS,
  SETUP_KEY_LENGTH,
  UNSAFE_PERMISSION_KEYS,
  USER_SECRET_LENGTH,
  emptyPermissions,
  usernameProblem,
  usernameProblemText,
  TWO_FACTOR_REQUIRED_CAUSE,
  type CausedBy,
  type InstancePermissionKey,
  type LoginReply,
  type UserEventInner,
  type UserPermission,
} from '@hearth/protocol';
import type { ApiKeys } from '../auth/api-keys.ts';
import { LoginRateLimiter } from '../auth/login-rate-limiter.ts';
import { randomAlphanumeric } from '../auth/random.ts';
import type { PermissionGuard } from '../auth/permission-guard.ts';
import type { ClientInfo, Sessions } from '../auth/sessions.ts';
import type { TokenService } from '../auth/token-service.ts';
import type { TwoFactorChallenges } from '../auth/two-factor-challenges.ts';
import { CoreError, badRequest, notFound, permissionDenied, unauthorized } from '../errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import {
  isLimitedTask,
  toPublicUser,
  type StoredUser,
  type UserRepository,
} from '../repositories/user-repository.ts';
import type { TwoFactorService } from './access/two-factor-service.ts';

export { isLimitedTask, toPublicUser, type StoredUser };
export type { ClientInfo };

/** A hash of a random password with the same parameters as real ones, made once on first use. */
let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hash(randomAlphanumeric(32));
  return decoy;
}
const USERNAME_TAKEN = 'Username already exist';

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The user as an event's cause; a macro task acting for them is named too (core-api.md §2.3), and
 * so is the API key they acted through (issue 28).
 */
export const userCause = (user: StoredUser): CausedBy => ({
  type: 'User',
  user_id: user.uid,
  user_name: user.username,
  ...(user.task === undefined ? {} : { macro_name: user.task.macroName, macro_pid: user.task.pid }),
  ...(user.apiKey === undefined ? {} : { api_key_name: user.apiKey.name }),
});

/** What sign-ins need beyond the users: sessions, the second factor and its challenges, keys. */
export interface SignInDeps {
  sessions: Sessions;
  twoFactor: TwoFactorService;
  challenges: TwoFactorChallenges;
  apiKeys: ApiKeys;
}

function validateUsername(raw: unknown): string {
  if (typeof raw !== 'string') throw badRequest('Username is required');
  const problem = usernameProblem(raw);
  if (problem !== null) throw badRequest(usernameProblemText(problem));
  return raw.trim();
}

function validatePassword(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0) throw badRequest('You must provide a password');
  if (raw.length > 1024) throw badRequest('Password is too long');
  return raw;
}

/** Users, passwords, sessions and permissions: the rules, no HTTP, no SQL. */
export class UserService {
  private setupKey: string | null = null;
  /** True while a setup request holds the key (hashing the owner's password). */
  private setupClaimed = false;
  /** Failed sign-ins, web and SFTP alike: one budget per address and per (address, username). */
  readonly limiter = new LoginRateLimiter();

  constructor(
    private readonly users: UserRepository,
    private readonly tokens: TokenService,
    private readonly events: EventBus,
    private readonly guard: PermissionGuard,
    private readonly safeMode: () => boolean,
    private readonly signIn: SignInDeps,
  ) {}

  /** Generates the first-run key while no owner exists (core-api.md §1.4.2); null once set up. */
  initSetupKey(): string | null {
    this.setupKey = this.users.hasOwner() ? null : randomAlphanumeric(SETUP_KEY_LENGTH);
    return this.setupKey;
  }

  get isSetup(): boolean {
    return this.setupKey === null;
  }

  /**
   * Creates the owner with the first-run key. The key is claimed before the first await (the
   * password hash), so of any number of racing requests exactly one gets past this point; if that
   * one then fails, nothing was created and the key works again.
   */
  async setup(
    key: string,
    username: unknown,
    password: unknown,
    client: ClientInfo,
  ): Promise<LoginReply> {
    if (this.setupKey === null || this.setupClaimed)
      throw permissionDenied('Setup key already used.');
    if (!sameKey(key, this.setupKey)) throw permissionDenied('Invalid setup key.');
    const name = validateUsername(username);
    const psw = validatePassword(password);
    this.setupClaimed = true;
    let owner: StoredUser;
    try {
      owner = await this.newUser(name, psw, true);
    } finally {
      this.setupClaimed = false;
    }
    this.setupKey = null;
    this.emitUserEvent(owner.uid, { type: 'UserCreated' }, owner);
    return this.signedIn(owner, client, false);
  }

  /**
   * The password step. `client.ip` is the client's address: the peer, or what a configured trusted
   * proxy says it is. A user with two-factor sign-in on gets no token here but a 401 whose body
   * carries a challenge (protocol access.ts) for `loginWithCode`; the pair is neither cleared nor
   * charged until the code's outcome.
   */
  async login(client: ClientInfo, username: string, password: string): Promise<LoginReply> {
    const { ip } = client;
    if (password.length === 0) throw badRequest('You must provide a password');
    this.limiter.check(ip, username);
    try {
      const user = this.users.byUsername(username);
      // An unknown name costs the same argon2 verification as a known one, so the answer's timing
      // does not tell which usernames exist.
      const stored = user?.hashedPassword ?? (await decoyHash());
      const ok = await verify(stored, password).catch(() => false);
      if (!user || !ok) {
        this.limiter.recordFailure(ip, username);
        throw unauthorized('Credential mismatch');
      }
      if (this.signIn.twoFactor.isEnabled(user.uid)) {
        const { challenge, expiresIn } = this.signIn.challenges.issue(user.uid, user.username);
        throw new CoreError('Unauthorized', [TWO_FACTOR_REQUIRED_CAUSE], 401, {
          two_factor: { challenge, expires_in: expiresIn },
        });
      }
      this.limiter.recordSuccess(ip, username);
      return await this.signedIn(user, client, false);
    } finally {
      this.limiter.release(ip, username);
    }
  }

  /**
   * The code step: a current code or a recovery code for a challenge of `login`. Throttled with the
   * password's own (address, username) budget; a challenge takes five wrong codes at most.
   */
  async loginWithCode(client: ClientInfo, challenge: string, code: string): Promise<LoginReply> {
    const pending = this.signIn.challenges.peek(challenge);
    if (pending === null) throw unauthorized('Sign-in expired: enter your password again');
    const { ip } = client;
    this.limiter.check(ip, pending.username);
    try {
      const outcome = await this.signIn.twoFactor.verify(pending.uid, code);
      const user = this.users.byUid(pending.uid);
      if (outcome === null || user === null) {
        this.limiter.recordFailure(ip, pending.username);
        this.signIn.challenges.fail(challenge);
        throw unauthorized('Invalid two-factor code');
      }
      this.signIn.challenges.consume(challenge);
      this.limiter.recordSuccess(ip, pending.username);
      return await this.signedIn(user, client, true);
    } finally {
      this.limiter.release(ip, pending.username);
    }
  }

  /** A new session for `user` and its token. */
  private async signedIn(
    user: StoredUser,
    client: ClientInfo,
    twoFactor: boolean,
  ): Promise<LoginReply> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const session = await this.signIn.sessions.open(
      user.uid,
      client,
      twoFactor,
      this.tokens.expiryOfNew(nowSeconds),
    );
    return {
      token: await this.tokens.issue(user, session.id, nowSeconds),
      user: toPublicUser(user),
    };
  }

  /**
   * The user with this name and password, or null. An unknown name costs the same argon2 work as a
   * known one. Not throttled: the caller checks `limiter` first (SFTP sign-in, services/sftp).
   */
  async checkPassword(username: string, password: string): Promise<StoredUser | null> {
    // No password is longer (validatePassword): a huge one would only cost argon2 time.
    if (password.length === 0 || password.length > 1024) return null;
    const user = this.users.byUsername(username);
    const ok = await verify(user?.hashedPassword ?? (await decoyHash()), password).catch(
      () => false,
    );
    return user !== null && ok ? user : null;
  }

  /** The user with this name, or null. */
  byName(username: string): StoredUser | null {
    return this.users.byUsername(username);
  }

  get(uid: string): StoredUser {
    const user = this.users.byUid(uid);
    if (!user) throw notFound('User not found');
    return user;
  }

  list(): StoredUser[] {
    return this.users.all();
  }

  /**
   * Only self or a user manager may read or change another user (core-api.md §1.4.3). To change
   * an account, a macro task is its starter's "self" only when the starter alone wrote its code
   * (another author's task may not rename its starter, change their password or log them out),
   * and an API key never is: its scope grants what it may do on the core, not over its account.
   */
  requireSelfOrManager(caller: StoredUser, uid: string, change = true): void {
    const self =
      caller.uid === uid && (!change || (!isLimitedTask(caller) && caller.apiKey === undefined));
    if (!self) this.guard.require(caller, { type: 'ManageUser' });
  }

  /** The reply holds a token of the new user (the reference's shape), in a session of its own. */
  async create(
    caller: StoredUser,
    username: unknown,
    password: unknown,
    client: ClientInfo,
  ): Promise<LoginReply> {
    this.guard.require(caller, { type: 'ManageUser' });
    const name = validateUsername(username);
    const psw = validatePassword(password);
    if (this.users.byUsername(name)) throw badRequest(USERNAME_TAKEN);
    const user = await this.newUser(name, psw, false);
    this.emitUserEvent(user.uid, { type: 'UserCreated' }, caller);
    return this.signedIn(user, client, false);
  }

  async delete(caller: StoredUser, uid: string): Promise<void> {
    this.guard.require(caller, { type: 'ManageUser' });
    if (caller.uid === uid) throw badRequest('You cannot delete yourself');
    const target = this.get(uid);
    if (target.isOwner) throw permissionDenied('The owner cannot be deleted');
    await this.users.delete(uid);
    // The rows went with the user (ON DELETE CASCADE); the caches and the sockets go now.
    await this.signIn.sessions.revokeAll(uid);
    this.signIn.apiKeys.forgetUser(uid);
    this.emitUserEvent(uid, { type: 'UserDeleted' }, caller);
  }

  async rename(caller: StoredUser, uid: string, newName: unknown): Promise<void> {
    this.requireSelfOrManager(caller, uid);
    const target = this.get(uid);
    const name = validateUsername(newName);
    if (!(await this.users.setUsername(target.uid, name))) throw badRequest(USERNAME_TAKEN);
    this.emitUserEvent(uid, { type: 'UsernameChanged', new_username: name }, caller);
  }

  async changePassword(
    caller: StoredUser,
    uid: string,
    oldPassword: string | null,
    newPassword: unknown,
  ): Promise<void> {
    this.requireSelfOrManager(caller, uid);
    const target = this.get(uid);
    const psw = validatePassword(newPassword);
    if (caller.uid === uid) {
      if (oldPassword === null || oldPassword.length === 0)
        throw badRequest('You must provide your old password');
      const ok = await verify(target.hashedPassword, oldPassword).catch(() => false);
      if (!ok) throw unauthorized('Credential mismatch');
    }
    await this.users.setPassword(uid, await hash(psw), randomAlphanumeric(USER_SECRET_LENGTH));
    // The new secret already refuses every token; the sessions go from the list too. API keys
    // stay: they are credentials of their own, revoked on their own.
    await this.signIn.sessions.revokeAll(uid);
    this.emitUserEvent(uid, { type: 'UserLoggedOut' }, caller);
  }

  async logout(caller: StoredUser, uid: string): Promise<void> {
    this.requireSelfOrManager(caller, uid);
    this.get(uid);
    await this.users.setSecret(uid, randomAlphanumeric(USER_SECRET_LENGTH));
    await this.signIn.sessions.revokeAll(uid);
    this.emitUserEvent(uid, { type: 'UserLoggedOut' }, caller);
  }

  /**
   * Replaces a user's permissions. Beyond the reference: a non-owner can only grant what they hold
   * themselves, never an unsafe permission while safe mode is on, and nobody edits the owner.
   */
  async updatePermissions(caller: StoredUser, uid: string, next: UserPermission): Promise<void> {
    this.guard.require(caller, { type: 'ManagePermission' });
    const target = this.get(uid);
    if (target.isOwner) throw badRequest('The owner already has every permission');
    if (!caller.isOwner) {
      if (caller.uid === uid) throw permissionDenied('You cannot change your own permissions');
      const prev = target.permissions;
      for (const key of INSTANCE_PERMISSION_KEYS) {
        const added = next[key].filter((id) => !prev[key].includes(id));
        if (added.length === 0) continue;
        if ((UNSAFE_PERMISSION_KEYS as readonly string[]).includes(key) && this.safeMode()) {
          throw permissionDenied(`Cannot grant ${key} while safe mode is on`);
        }
        if (!added.every((id) => caller.permissions[key].includes(id)))
          throw permissionDenied(`Cannot grant ${key} that you do not hold`);
      }
      for (const key of GLOBAL_PERMISSION_KEYS) {
        if (!next[key] || prev[key]) continue;
        if ((UNSAFE_PERMISSION_KEYS as readonly string[]).includes(key) && this.safeMode()) {
          throw permissionDenied(`Cannot grant ${key} while safe mode is on`);
        }
        if (!caller.permissions[key])
          throw permissionDenied(`Cannot grant ${key} that you do not hold`);
      }
    }
    const cleaned = normalizePermissions(next);
    await this.users.setPermissions(uid, cleaned);
    this.emitUserEvent(uid, { type: 'PermissionChanged', new_permissions: cleaned }, caller);
  }

  /** Gives a user per-instance permissions (e.g. the creator of a new instance). */
  async grantInstance(
    uid: string,
    instance: string,
    keys: readonly InstancePermissionKey[],
  ): Promise<void> {
    const user = this.users.byUid(uid);
    if (!user || user.isOwner) return;
    const perms = structuredClone(user.permissions);
    for (const key of keys) if (!perms[key].includes(instance)) perms[key].push(instance);
    await this.users.setPermissions(uid, perms);
    this.events.emit({
      type: 'UserEvent',
      user_id: uid,
      user_event_inner: { type: 'PermissionChanged', new_permissions: perms },
    });
  }

  /** Drops a deleted instance from every user's permission lists. */
  async forgetInstance(instance: string): Promise<void> {
    for (const user of this.users.all()) {
      const perms = structuredClone(user.permissions);
      let changed = false;
      for (const key of INSTANCE_PERMISSION_KEYS) {
        const kept = perms[key].filter((id) => id !== instance);
        if (kept.length !== perms[key].length) {
          perms[key] = kept;
          changed = true;
        }
      }
      if (changed) await this.users.setPermissions(user.uid, perms);
    }
  }

  /** A change to user `uid` that `actor` made, as the one event the bus fans out. */
  private emitUserEvent(uid: string, inner: UserEventInner, actor: StoredUser): void {
    this.events.emit(
      { type: 'UserEvent', user_id: uid, user_event_inner: inner },
      { causedBy: userCause(actor) },
    );
  }

  private async newUser(username: string, password: string, isOwner: boolean): Promise<StoredUser> {
    const user: StoredUser = {
      uid: `USER_${randomUUID()}`,
      username,
      hashedPassword: await hash(password),
      isOwner,
      isAdmin: false,
      permissions: emptyPermissions(),
      secret: randomAlphanumeric(USER_SECRET_LENGTH),
    };
    // The check before the hash is only a fast path: a racing request may take the name meanwhile.
    if (!(await this.users.insert(user))) throw badRequest(USERNAME_TAKEN);
    return user;
  }
}

function normalizePermissions(p: UserPermission): UserPermission {
  const out = { ...p };
  for (const key of INSTANCE_PERMISSION_KEYS) out[key] = [...new Set(p[key])];
  return out;
}
