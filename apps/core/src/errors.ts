import { ERROR_STATUS, type ClientError, type ErrorKind } from '@hearth/protocol';
import { storageFailure } from './lib/storage-error.ts';

/**
 * The core's one error type. Every failure that reaches HTTP becomes `{"kind","causes"}`
 * with the status of core-api.md §1.3 (or an explicit one such as 429 or 413).
 */
export class CoreError extends Error {
  readonly kind: ErrorKind;
  readonly causes: string[];
  readonly status: number;

  /**
   * Fields sent beside `kind` and `causes` (the login's `two_factor` challenge): a Lodestone client
   * reads the envelope as always and ignores them.
   */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    kind: ErrorKind,
    causes: string[] | string,
    status?: number,
    extra: Readonly<Record<string, unknown>> = {},
  ) {
    const list = Array.isArray(causes) ? causes : [causes];
    super(list.join(': ') || kind);
    this.name = 'CoreError';
    this.kind = kind;
    this.causes = list;
    this.status = status ?? ERROR_STATUS[kind];
    this.extra = extra;
  }

  toClientError(): ClientError {
    return { kind: this.kind, causes: this.causes };
  }

  /** Prepends an outer context message (outermost first, like the reference's chains). */
  withContext(message: string): CoreError {
    return new CoreError(this.kind, [message, ...this.causes], this.status, this.extra);
  }
}

/**
 * A 429: the `BadRequest` envelope with the wait in its text, and the same wait in whole seconds
 * for the `Retry-After` header, so a client can tell when to try again without reading the text.
 */
export class TooManyRequestsError extends CoreError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('BadRequest', [message], 429);
  }
}

/**
 * Another process holds the database's write lock (an admin's `sqlite3` shell, a backup tool) for
 * longer than a request waits: a 503 that says so, with `Retry-After`, never a frozen core.
 */
export class DatabaseBusyError extends CoreError {
  readonly retryAfterSeconds = 1;

  constructor() {
    super('Internal', ['The database is busy'], 503);
  }
}

/** SQLite could not get its lock (SQLITE_BUSY, SQLITE_LOCKED and their extended codes). */
export function isDatabaseBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/**
 * The database cannot take writes for now — locked, full, read-only, an I/O failure — as opposed
 * to a statement it will never take (a constraint, a bug): a write that failed so is worth keeping
 * and trying again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    /^SQLITE_(BUSY|LOCKED|FULL|READONLY|IOERR|CANTOPEN|PROTOCOL|NOMEM)/.test(code)
  );
}

export const notFound = (...causes: string[]) => new CoreError('NotFound', causes);
export const badRequest = (...causes: string[]) => new CoreError('BadRequest', causes);
export const permissionDenied = (...causes: string[]) => new CoreError('PermissionDenied', causes);
export const unauthorized = (...causes: string[]) => new CoreError('Unauthorized', causes);
export const internal = (...causes: string[]) => new CoreError('Internal', causes);
export const unsupported = (...causes: string[]) => new CoreError('UnsupportedOperation', causes);
export const external = (...causes: string[]) => new CoreError('External', causes);

/** Turns anything thrown into a CoreError without leaking stack traces. */
export function toCoreError(err: unknown): CoreError {
  if (err instanceof CoreError) return err;
  if (isDatabaseBusy(err)) return new DatabaseBusyError();
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; message?: unknown; kind?: unknown; causes?: unknown };
    if (typeof e.kind === 'string' && Array.isArray(e.causes) && e.kind in ERROR_STATUS) {
      return new CoreError(e.kind as ErrorKind, e.causes.map(String));
    }
    if (e.code === 'ENOENT') return notFound('No such file or directory');
    if (e.code === 'EEXIST') return badRequest('File already exists');
    if (e.code === 'ENOTDIR') return badRequest('Not a directory');
    if (e.code === 'EISDIR') return badRequest('Is a directory');
    if (e.code === 'EACCES' || e.code === 'EPERM')
      return permissionDenied('Permission denied by the operating system');
    const storage = storageFailure(err);
    if (storage) return new CoreError('Internal', [storage.reason], storage.status);
  }
  return internal('Internal error');
}

/** One line for a log or an event: a CoreError's causes, else the error's own message. */
export function describeError(err: unknown): string {
  if (err instanceof CoreError) return err.causes.join(': ') || err.kind;
  if (err && typeof err === 'object') {
    const e = err as { kind?: unknown; causes?: unknown; message?: unknown };
    if (typeof e.kind === 'string' && Array.isArray(e.causes) && e.causes.length > 0)
      return e.causes.map(String).join(': ');
    if (typeof e.message === 'string' && e.message !== '') return e.message;
  }
  return String(err);
}
