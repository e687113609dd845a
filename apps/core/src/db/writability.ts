import type { Db } from './database.ts';
import { codeOf, storageFailure } from '../lib/storage-error.ts';

/**
 * Boot: can the core write its database? SQLite opens a file it may not write (a read-only mount,
 * `chattr +i`, a read-only file for a non-root core) read-only without a word, and in WAL mode
 * even `BEGIN IMMEDIATE` succeeds there; only a write statement fails. So this runs one (that
 * changes nothing) in a transaction that is rolled back. Returns the problem in words, or null.
 * A database busy with another process's write is not a problem of this kind: null.
 */
export function databaseWriteProblem(db: Db): string | null {
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.prepare('DELETE FROM schema_migrations WHERE version < 0').run();
    } finally {
      if (db.inTransaction) db.exec('ROLLBACK');
    }
  } catch (err) {
    const code = codeOf(err) ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return null;
    return storageFailure(err)?.reason ?? (err instanceof Error ? err.message : String(err));
  }
  return null;
}

/** The standing warning (and the `--strict` refusal) for a database the core cannot write. */
export function databaseWriteWarning(problem: string): string {
  return `The database cannot be written (${problem}): every change — settings, users, instances, backups, schedules — fails until it can be written and the core restarts. Check the data directory's mount and permissions.`;
}
