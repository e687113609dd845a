import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { corePath } from '../lib/core-paths.ts';
import { SQLITE_BUSY_TIMEOUT_MS } from './db-writes.ts';

export type Db = Database.Database;

const MIGRATIONS_DIR = corePath('src', 'db', 'migrations');
/** At boot nothing is served yet: opening and migrating may wait this long for another's lock. */
const BOOT_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (or creates) the SQLite database in WAL mode and applies numbered migrations in order.
 * Once open, SQLite waits at most SQLITE_BUSY_TIMEOUT_MS for a lock (db-writes.ts says why).
 */
export function openDatabase(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file, { timeout: BOOT_BUSY_TIMEOUT_MS });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return db;
}

export function migrate(db: Db, dir = MIGRATIONS_DIR): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  );
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  for (const file of files) {
    const version = parseInt(file, 10);
    if (applied.has(version)) continue;
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        version,
        file,
        Date.now(),
      );
    })();
  }
}
