import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/** A user's SSH public key as stored (migration 015). Times are Unix milliseconds. */
export interface StoredSshKey {
  id: string;
  uid: string;
  name: string;
  algorithm: string;
  /** Base64 of the key's SSH wire blob (what a client offers when it signs in). */
  publicKey: string;
  fingerprint: string;
  comment: string | null;
  createdAt: number;
  lastUsedAt: number | null;
}

interface Row {
  id: string;
  uid: string;
  name: string;
  algorithm: string;
  public_key: string;
  fingerprint: string;
  comment: string | null;
  created_at: number;
  last_used_at: number | null;
}

const fromRow = (row: Row): StoredSshKey => ({
  id: row.id,
  uid: row.uid,
  name: row.name,
  algorithm: row.algorithm,
  publicKey: row.public_key,
  fingerprint: row.fingerprint,
  comment: row.comment,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** SQL for the `ssh_keys` table; a user's keys are removed with the user (ON DELETE CASCADE). */
export class SshKeyRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  /** A user's keys, oldest first. */
  byUser(uid: string): StoredSshKey[] {
    return (
      this.db
        .prepare('SELECT * FROM ssh_keys WHERE uid = ? ORDER BY created_at, id')
        .all(uid) as Row[]
    ).map(fromRow);
  }

  /** The user's key with this wire blob (what a client offered), if they added it. */
  find(uid: string, publicKey: string): StoredSshKey | null {
    const row = this.db
      .prepare('SELECT * FROM ssh_keys WHERE uid = ? AND public_key = ?')
      .get(uid, publicKey) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  count(uid: string): number {
    return (
      this.db.prepare('SELECT COUNT(*) AS n FROM ssh_keys WHERE uid = ?').get(uid) as { n: number }
    ).n;
  }

  /** Adds a key; false (nothing written) when the user already has one with its fingerprint. */
  insert(key: StoredSshKey): Promise<boolean> {
    return this.writes.now(
      () =>
        this.db
          .prepare(
            'INSERT OR IGNORE INTO ssh_keys (id, uid, name, algorithm, public_key, fingerprint, comment, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            key.id,
            key.uid,
            key.name,
            key.algorithm,
            key.publicKey,
            key.fingerprint,
            key.comment,
            key.createdAt,
            key.lastUsedAt,
          ).changes > 0,
    );
  }

  /** Removes one of the user's keys; the key as it was, or null when they have none by that id. */
  remove(uid: string, id: string): Promise<StoredSshKey | null> {
    return this.writes.now(() => {
      const row = this.db
        .prepare('DELETE FROM ssh_keys WHERE uid = ? AND id = ? RETURNING *')
        .get(uid, id) as Row | undefined;
      return row ? fromRow(row) : null;
    });
  }

  /** When a key last signed someone in: the core's own record, written in the background. */
  touch(id: string, at: number): void {
    this.writes.later(
      'SSH key use',
      () => this.db.prepare('UPDATE ssh_keys SET last_used_at = ? WHERE id = ?').run(at, id),
      `ssh-key-used ${id}`,
    );
  }
}
