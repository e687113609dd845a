import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/** A sign-in as stored (migration 014). Times are unix ms. */
export interface SessionRecord {
  id: string;
  uid: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  address: string;
  userAgent: string;
  twoFactor: boolean;
}

interface Row {
  id: string;
  uid: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  address: string;
  user_agent: string;
  two_factor: number;
}

const fromRow = (row: Row): SessionRecord => ({
  id: row.id,
  uid: row.uid,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
  address: row.address,
  userAgent: row.user_agent,
  twoFactor: row.two_factor === 1,
});

/**
 * Sessions. A sign-in and a sign-out are the user's changes (`DbWrites.now`); a session's last-seen
 * time is the core's own record, written in the background (`DbWrites.later`, one waiting write
 * per session).
 */
export class SessionRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  byId(id: string): SessionRecord | null {
    const row = this.db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  ofUser(uid: string): SessionRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM sessions WHERE uid = ? ORDER BY last_seen_at DESC')
        .all(uid) as Row[]
    ).map(fromRow);
  }

  /** Live sessions per user, and when each user was last seen. */
  countsByUser(now: number): Map<string, { sessions: number; lastSeenAt: number }> {
    const rows = this.db
      .prepare(
        'SELECT uid, COUNT(*) AS n, MAX(last_seen_at) AS seen FROM sessions WHERE expires_at > ? GROUP BY uid',
      )
      .all(now) as { uid: string; n: number; seen: number }[];
    return new Map(rows.map((r) => [r.uid, { sessions: r.n, lastSeenAt: r.seen }]));
  }

  async insert(session: SessionRecord): Promise<void> {
    await this.writes.now(() =>
      this.db
        .prepare(
          'INSERT INTO sessions (id, uid, created_at, last_seen_at, expires_at, address, user_agent, two_factor) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          session.id,
          session.uid,
          session.createdAt,
          session.lastSeenAt,
          session.expiresAt,
          session.address,
          session.userAgent,
          session.twoFactor ? 1 : 0,
        ),
    );
  }

  /** Deletes the listed sessions of `uid`; returns the ids that were there. */
  async delete(uid: string, ids: readonly string[]): Promise<string[]> {
    return this.writes.now(() =>
      this.db.transaction(() =>
        ids.filter(
          (id) =>
            this.db.prepare('DELETE FROM sessions WHERE id = ? AND uid = ?').run(id, uid).changes >
            0,
        ),
      )(),
    );
  }

  /** Deletes every session of `uid`; returns their ids. */
  async deleteAllOf(uid: string): Promise<string[]> {
    return this.writes.now(() =>
      (
        this.db.prepare('DELETE FROM sessions WHERE uid = ? RETURNING id').all(uid) as {
          id: string;
        }[]
      ).map((r) => r.id),
    );
  }

  /** Sessions past their JWT's expiry are of no use: dropped in the background. */
  pruneExpired(now: number): void {
    this.writes.later('expired sessions', () => {
      this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now);
    });
  }

  touch(id: string, at: number, address: string): void {
    this.writes.later(
      'session last seen',
      () => {
        this.db
          .prepare('UPDATE sessions SET last_seen_at = ?, address = ? WHERE id = ?')
          .run(at, address, id);
      },
      `session ${id}`,
    );
  }
}
