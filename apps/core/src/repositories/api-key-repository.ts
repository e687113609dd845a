import { ApiKeyScopeSchema, type ApiKeyScope } from '@hearth/protocol';
import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/** An API key as stored (migration 014): never the key itself, its SHA-256. Times are unix ms. */
export interface ApiKeyRecord {
  id: string;
  uid: string;
  name: string;
  prefix: string;
  hash: string;
  scope: ApiKeyScope;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  lastUsedAddress: string | null;
}

interface Row {
  id: string;
  uid: string;
  name: string;
  prefix: string;
  hash: string;
  scope: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  last_used_address: string | null;
}

const fromRow = (row: Row): ApiKeyRecord => ({
  id: row.id,
  uid: row.uid,
  name: row.name,
  prefix: row.prefix,
  hash: row.hash,
  scope: ApiKeyScopeSchema.parse(JSON.parse(row.scope)),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  lastUsedAddress: row.last_used_address,
});

/** API keys: creating and revoking are the user's changes; the last use is a background write. */
export class ApiKeyRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  byHash(hash: string): ApiKeyRecord | null {
    const row = this.db.prepare('SELECT * FROM api_keys WHERE hash = ?').get(hash) as
      Row | undefined;
    return row ? fromRow(row) : null;
  }

  ofUser(uid: string): ApiKeyRecord[] {
    return (
      this.db.prepare('SELECT * FROM api_keys WHERE uid = ? ORDER BY created_at').all(uid) as Row[]
    ).map(fromRow);
  }

  countsByUser(): Map<string, number> {
    const rows = this.db.prepare('SELECT uid, COUNT(*) AS n FROM api_keys GROUP BY uid').all() as {
      uid: string;
      n: number;
    }[];
    return new Map(rows.map((r) => [r.uid, r.n]));
  }

  async insert(key: ApiKeyRecord): Promise<void> {
    await this.writes.now(() =>
      this.db
        .prepare(
          'INSERT INTO api_keys (id, uid, name, prefix, hash, scope, created_at, expires_at, last_used_at, last_used_address) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          key.id,
          key.uid,
          key.name,
          key.prefix,
          key.hash,
          JSON.stringify(key.scope),
          key.createdAt,
          key.expiresAt,
          key.lastUsedAt,
          key.lastUsedAddress,
        ),
    );
  }

  /** Deletes the key `id` of `uid`; returns it, or null when there was none. */
  async delete(uid: string, id: string): Promise<ApiKeyRecord | null> {
    return this.writes.now(() => {
      const row = this.db
        .prepare('DELETE FROM api_keys WHERE id = ? AND uid = ? RETURNING *')
        .get(id, uid) as Row | undefined;
      return row ? fromRow(row) : null;
    });
  }

  touch(id: string, at: number, address: string): void {
    this.writes.later(
      'API key last use',
      () => {
        this.db
          .prepare('UPDATE api_keys SET last_used_at = ?, last_used_address = ? WHERE id = ?')
          .run(at, address, id);
      },
      `api key ${id}`,
    );
  }
}
