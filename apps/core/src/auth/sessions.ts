import { randomUUID } from 'node:crypto';
import type { SessionRecord, SessionRepository } from '../repositories/session-repository.ts';
import { touchDue } from './access-touch.ts';
import type { Revocations } from './revocations.ts';

/** Who is signing in, as the request shows them. */
export interface ClientInfo {
  /** The client's address (the peer, or what a trusted proxy says). */
  ip: string;
  userAgent: string;
}

/** What token verification asks of the sessions (TokenService). */
export interface SessionLookup {
  /** The live session `id` of `uid`, or null once it was revoked, expired or never was. */
  check(id: string, uid: string): SessionRecord | null;
  /** The session was used now, from `ip`. */
  seen(session: SessionRecord, ip: string): void;
}

const USER_AGENT_MAX = 512;

/**
 * Every sign-in is a session; a JWT carries its id (`sid`) and is refused once the session is gone.
 * Checking a token must stay cheap, so live sessions are cached here (this process is the only
 * writer of the database: the data-dir lock): a request costs a map lookup, a cache miss one
 * primary-key read. Last-seen times are kept here and written at most once a minute per session.
 * Revoking deletes the rows, drops them from the cache and tells the sockets (Revocations).
 */
export class Sessions implements SessionLookup {
  private readonly cache = new Map<string, SessionRecord>();
  /** When each cached session's last-seen time was last written. */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly repo: SessionRepository,
    private readonly revocations: Revocations,
    private readonly now: () => number = Date.now,
    private readonly maxCached = 10_000,
  ) {}

  async open(
    uid: string,
    client: ClientInfo,
    twoFactor: boolean,
    expiresAt: number,
  ): Promise<SessionRecord> {
    const at = this.now();
    const session: SessionRecord = {
      id: `SESSION_${randomUUID()}`,
      uid,
      createdAt: at,
      lastSeenAt: at,
      expiresAt,
      address: client.ip,
      userAgent: client.userAgent.slice(0, USER_AGENT_MAX),
      twoFactor,
    };
    await this.repo.insert(session);
    this.remember(session, at);
    // A sign-in is a good moment to let go of sessions whose tokens have expired.
    this.repo.pruneExpired(at);
    return session;
  }

  check(id: string, uid: string): SessionRecord | null {
    let session = this.cache.get(id) ?? null;
    if (session === null) {
      session = this.repo.byId(id);
      if (session !== null) this.remember(session, session.lastSeenAt);
    }
    if (session === null || session.uid !== uid) return null;
    if (session.expiresAt <= this.now()) {
      this.cache.delete(id);
      return null;
    }
    return session;
  }

  seen(session: SessionRecord, ip: string): void {
    const at = this.now();
    const moved = session.address !== ip;
    session.lastSeenAt = at;
    session.address = ip;
    if (touchDue(this.written, session.id, at, moved)) this.repo.touch(session.id, at, ip);
  }

  /** The user's sessions, newest use first, with the last-seen times kept in memory. */
  list(uid: string): SessionRecord[] {
    const at = this.now();
    return this.repo
      .ofUser(uid)
      .map((stored) => this.cache.get(stored.id) ?? stored)
      .filter((s) => s.expiresAt > at)
      .sort((a, b) => b.lastSeenAt - a.lastSeenAt);
  }

  /** Ends the listed sessions of `uid` at once (their tokens and sockets); returns those ended. */
  async revoke(uid: string, ids: readonly string[]): Promise<string[]> {
    const gone = await this.repo.delete(uid, ids);
    this.forget(uid, gone);
    return gone;
  }

  /** Ends every session of `uid` (their secret rotated, or they were signed out everywhere). */
  async revokeAll(uid: string): Promise<string[]> {
    const gone = await this.repo.deleteAllOf(uid);
    // Sessions cached but already gone from the table (a deleted user) go too.
    for (const [id, session] of this.cache)
      if (session.uid === uid && !gone.includes(id)) gone.push(id);
    this.forget(uid, gone);
    return gone;
  }

  private forget(uid: string, ids: readonly string[]): void {
    for (const id of ids) {
      this.cache.delete(id);
      this.written.delete(id);
    }
    this.revocations.emit({ kind: 'session', uid, ids });
  }

  private remember(session: SessionRecord, writtenAt: number): void {
    this.cache.set(session.id, session);
    this.written.set(session.id, writtenAt);
    // Maps iterate in insertion order: the first keys are the oldest cached.
    while (this.cache.size > this.maxCached) {
      const oldest = this.cache.keys().next();
      if (oldest.done) break;
      this.cache.delete(oldest.value);
      this.written.delete(oldest.value);
    }
  }
}
