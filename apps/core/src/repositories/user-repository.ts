import { UserPermissionSchema, type PublicUser, type UserPermission } from '@hearth/protocol';
import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

export interface StoredUser {
  uid: string;
  username: string;
  hashedPassword: string;
  isOwner: boolean;
  isAdmin: boolean;
  permissions: UserPermission;
  secret: string;
  /**
   * Set (never stored) when the caller is a macro task acting for this user: the role, admin flag
   * and permissions above are then what the user AND the authors of the task's code may all do.
   */
  task?: TaskActing;
  /** Set (never stored) for a signed-in session's caller: the session its token names. */
  sessionId?: string;
  /**
   * Set (never stored) when the caller is one of the user's API keys: the permissions above are
   * then what the key's scope and the user both hold (auth/api-keys.ts).
   */
  apiKey?: { id: string; name: string; expiresAt: number | null };
}

/** A macro task acting for a user (services/macros/task-tokens.ts fills it in). */
export interface TaskActing {
  pid: number;
  macroName: string;
  instanceUuid: string;
  /** Other users whose rights bound the task: its code's authors (and a schedule's other actors). */
  limiters: readonly string[];
  /** Part of its code was changed outside Hearth's API (nobody can be named for it). */
  unknownAuthor: boolean;
}

/**
 * True for a task whose code not only its starter answers for: it may not hand its starter's name to
 * anything that outlives it or that later runs as that user (schedules, macro code and config).
 */
export function isLimitedTask(user: StoredUser): boolean {
  const task = user.task;
  if (task === undefined) return false;
  return task.unknownAuthor || task.limiters.some((uid) => uid !== user.uid);
}

interface Row {
  uid: string;
  username: string;
  hashed_psw: string;
  is_owner: number;
  is_admin: number;
  permissions: string;
  secret: string;
}

const fromRow = (row: Row): StoredUser => ({
  uid: row.uid,
  username: row.username,
  hashedPassword: row.hashed_psw,
  isOwner: row.is_owner === 1,
  isAdmin: row.is_admin === 1,
  permissions: UserPermissionSchema.parse(JSON.parse(row.permissions)),
  secret: row.secret,
});

export function toPublicUser(user: StoredUser): PublicUser {
  return {
    uid: user.uid,
    username: user.username,
    is_owner: user.isOwner,
    is_admin: user.isAdmin,
    permissions: user.permissions,
  };
}

/**
 * Runs a statement that may clash with the UNIQUE username column. The database is the only judge
 * that holds under concurrency (a check before an awaited password hash is not), so its verdict is
 * turned into `false` here.
 */
function ifUsernameFree(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    if (
      e.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
      typeof e.message === 'string' &&
      e.message.includes('users.username')
    )
      return false;
    throw err;
  }
}

/** SQL for users; nothing else. */
export class UserRepository {
  /** byUid's statement, prepared once: every request's token names its user (issue 26). */
  private byUidStatement: ReturnType<Db['prepare']> | null = null;

  /** Every write is a user's change: it waits out another process's lock (`DbWrites.now`). */
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  all(): StoredUser[] {
    return (this.db.prepare('SELECT * FROM users ORDER BY created_at').all() as Row[]).map(fromRow);
  }

  byUid(uid: string): StoredUser | null {
    this.byUidStatement ??= this.db.prepare('SELECT * FROM users WHERE uid = ?');
    const row = this.byUidStatement.get(uid) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  byUsername(username: string): StoredUser | null {
    const row = this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as
      Row | undefined;
    return row ? fromRow(row) : null;
  }

  hasOwner(): boolean {
    return this.db.prepare('SELECT 1 FROM users WHERE is_owner = 1 LIMIT 1').get() !== undefined;
  }

  /** Adds a user; false (and nothing written) when the username is taken, even by a racing insert. */
  insert(user: StoredUser): Promise<boolean> {
    return this.writes.now(() =>
      ifUsernameFree(() =>
        this.db
          .prepare(
            'INSERT INTO users (uid, username, hashed_psw, is_owner, is_admin, permissions, secret, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            user.uid,
            user.username,
            user.hashedPassword,
            user.isOwner ? 1 : 0,
            user.isAdmin ? 1 : 0,
            JSON.stringify(user.permissions),
            user.secret,
            Date.now(),
          ),
      ),
    );
  }

  async delete(uid: string): Promise<boolean> {
    return this.writes.now(
      () => this.db.prepare('DELETE FROM users WHERE uid = ?').run(uid).changes > 0,
    );
  }

  /** Renames a user; false (and nothing changed) when another user holds the name. */
  setUsername(uid: string, username: string): Promise<boolean> {
    return this.writes.now(() =>
      ifUsernameFree(() =>
        this.db.prepare('UPDATE users SET username = ? WHERE uid = ?').run(username, uid),
      ),
    );
  }

  async setPassword(uid: string, hashedPassword: string, secret: string): Promise<void> {
    await this.writes.now(() =>
      this.db
        .prepare('UPDATE users SET hashed_psw = ?, secret = ? WHERE uid = ?')
        .run(hashedPassword, secret, uid),
    );
  }

  async setSecret(uid: string, secret: string): Promise<void> {
    await this.writes.now(() =>
      this.db.prepare('UPDATE users SET secret = ? WHERE uid = ?').run(secret, uid),
    );
  }

  async setPermissions(uid: string, permissions: UserPermission): Promise<void> {
    await this.writes.now(() =>
      this.db
        .prepare('UPDATE users SET permissions = ? WHERE uid = ?')
        .run(JSON.stringify(permissions), uid),
    );
  }

  /** Runs fn in one transaction (e.g. read-modify-write of permissions). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }
}
