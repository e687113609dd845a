import { describeUserAgent, type Session, type UserAccess } from '@hearth/protocol';
import type { Sessions } from '../../auth/sessions.ts';
import { notFound } from '../../errors.ts';
import type { ApiKeyRepository } from '../../repositories/api-key-repository.ts';
import type { SessionRecord, SessionRepository } from '../../repositories/session-repository.ts';
import type { StoredUser, UserRepository } from '../../repositories/user-repository.ts';
import {
  requireSelfOrOwner,
  securityActivity,
  securityCause,
  type SecuritySink,
} from './access-rules.ts';

export interface SessionServiceDeps {
  sessions: Sessions;
  sessionRows: SessionRepository;
  keyRows: ApiKeyRepository;
  users: UserRepository;
  /** Who has two-factor sign-in on. */
  twoFactorUsers: () => ReadonlySet<string>;
  record: SecuritySink;
  now: () => number;
}

function toSession(record: SessionRecord, current: string | undefined): Session {
  return {
    id: record.id,
    device: describeUserAgent(record.userAgent),
    user_agent: record.userAgent,
    address: record.address,
    created_at: record.createdAt,
    last_seen_at: record.lastSeenAt,
    expires_at: record.expiresAt,
    two_factor: record.twoFactor,
    current: record.id === current,
  };
}

/** Sessions as verbs: a user lists and signs out theirs; the owner anyone's. */
export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {}

  list(caller: StoredUser, uid: string): Session[] {
    requireSelfOrOwner(this.deps.users, caller, uid);
    return this.deps.sessions.list(uid).map((s) => toSession(s, caller.sessionId));
  }

  /** Signs one session out: its token stops working and its sockets close at once. */
  async revoke(caller: StoredUser, uid: string, id: string): Promise<void> {
    const target = requireSelfOrOwner(this.deps.users, caller, uid);
    const session = this.deps.sessions.check(id, uid);
    if (session === null) throw notFound('Session not found');
    await this.deps.sessions.revoke(uid, [id]);
    this.deps.record(
      securityActivity('session_revoked', target, describeUserAgent(session.userAgent)),
      securityCause(caller),
    );
  }

  /** Every session but the caller's own (for yourself), or all of them (the owner, for another). */
  async revokeOthers(caller: StoredUser, uid: string): Promise<number> {
    const target = requireSelfOrOwner(this.deps.users, caller, uid);
    const ids = this.deps.sessions
      .list(uid)
      .map((s) => s.id)
      .filter((id) => id !== caller.sessionId);
    const gone = await this.deps.sessions.revoke(uid, ids);
    if (gone.length > 0)
      this.deps.record(
        securityActivity(
          'sessions_revoked',
          target,
          `${gone.length} ${gone.length === 1 ? 'session' : 'sessions'}`,
        ),
        securityCause(caller),
      );
    return gone.length;
  }

  /** The owner's overview: two-factor sign-in, live sessions and keys of every user. */
  overview(): UserAccess[] {
    const sessions = this.deps.sessionRows.countsByUser(this.deps.now());
    const keys = this.deps.keyRows.countsByUser();
    const twoFactor = this.deps.twoFactorUsers();
    return this.deps.users.all().map((user) => ({
      uid: user.uid,
      two_factor: twoFactor.has(user.uid),
      sessions: sessions.get(user.uid)?.sessions ?? 0,
      api_keys: keys.get(user.uid) ?? 0,
      last_seen_at: sessions.get(user.uid)?.lastSeenAt ?? null,
    }));
  }
}
