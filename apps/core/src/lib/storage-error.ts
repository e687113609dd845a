/** HTTP 507 Insufficient Storage (RFC 4918): the disk (or the database on it) is full. */
export const INSUFFICIENT_STORAGE = 507;

/** What a storage failure means for a user: the cause in words and the status to answer with. */
export interface StorageFailure {
  reason: string;
  status: number;
}

/** The `code` of a Node system error (`ENOSPC`) or a better-sqlite3 error (`SQLITE_FULL`). */
export function codeOf(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'code' in err) {
    const code = err.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

const SYSTEM: Record<string, StorageFailure> = {
  ENOSPC: { reason: 'No space left on device', status: INSUFFICIENT_STORAGE },
  EDQUOT: { reason: 'Disk quota exceeded', status: INSUFFICIENT_STORAGE },
  EROFS: { reason: 'Read-only file system', status: 500 },
  EIO: { reason: 'Input/output error on the disk', status: 500 },
};

/**
 * SQLite's primary result codes (better-sqlite3 reports extended ones such as
 * `SQLITE_IOERR_WRITE` or `SQLITE_READONLY_DBMOVED`; the part before the second `_` is the
 * primary code). A busy or locked database is not a storage failure and is not mapped here.
 */
const SQLITE: Record<string, StorageFailure> = {
  SQLITE_FULL: { reason: 'The database or disk is full', status: INSUFFICIENT_STORAGE },
  SQLITE_READONLY: { reason: 'The database is read-only', status: 500 },
  SQLITE_IOERR: {
    reason: 'The database could not be read or written (disk I/O error)',
    status: 500,
  },
  SQLITE_CANTOPEN: { reason: 'The database file cannot be opened', status: 500 },
  SQLITE_PERM: { reason: 'The database file may not be written', status: 500 },
  SQLITE_CORRUPT: { reason: 'The database file is damaged', status: 500 },
  SQLITE_NOTADB: { reason: 'The database file is damaged', status: 500 },
};

/**
 * The one mapping of disk and database failures (the error handler, file errors and background
 * work all use it), so a full disk or a read-only database is named, never "Internal error".
 * Null for anything else. The reason never contains a host path.
 */
export function storageFailure(err: unknown): StorageFailure | null {
  const code = codeOf(err);
  if (code === undefined) return null;
  const system = SYSTEM[code];
  if (system) return system;
  if (!code.startsWith('SQLITE_')) return null;
  return SQLITE[code.split('_', 2).join('_')] ?? null;
}
