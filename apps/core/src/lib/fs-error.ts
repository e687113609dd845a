import { CoreError } from '../errors.ts';
import { codeOf, storageFailure } from './storage-error.ts';

export function isErrno(err: unknown, ...codes: string[]): boolean {
  const code = codeOf(err);
  return code !== undefined && codes.includes(code);
}

/**
 * Turns anything thrown by node:fs into a CoreError whose causes are `[context, reason]`.
 * The reason never contains a host path, so nothing about the host layout leaks to clients.
 */
export function fsError(err: unknown, context: string): CoreError {
  if (err instanceof CoreError) return err;
  const mapped = mapFsError(err, context);
  mapped.cause = err; // kept for server logs; never serialised to clients
  return mapped;
}

function mapFsError(err: unknown, context: string): CoreError {
  const storage = storageFailure(err);
  if (storage) return new CoreError('Internal', [context, storage.reason], storage.status);
  switch (codeOf(err)) {
    case 'ENOENT':
      return new CoreError('NotFound', [context, 'No such file or directory']);
    case 'ENOTDIR':
      return new CoreError('BadRequest', [context, 'Not a directory']);
    case 'EISDIR':
      return new CoreError('BadRequest', [context, 'Is a directory']);
    case 'EEXIST':
    case 'ENOTEMPTY':
      return new CoreError('BadRequest', [context, 'File already exists']);
    case 'ELOOP':
      return new CoreError('PermissionDenied', [context, 'Refusing to follow a symbolic link']);
    case 'EACCES':
    case 'EPERM':
      return new CoreError('PermissionDenied', [
        context,
        'Permission denied by the operating system',
      ]);
    case 'ENAMETOOLONG':
      return new CoreError('BadRequest', [context, 'File name is too long']);
    case 'EFBIG':
      return new CoreError('BadRequest', [context, 'File too large']);
    case 'EXDEV':
      return new CoreError('BadRequest', [context, 'Cannot move across file systems']);
    case 'ABORT_ERR':
      return new CoreError('BadRequest', [context, 'The operation was aborted']);
    default:
      return new CoreError('Internal', [
        context,
        err instanceof Error && codeOf(err) === undefined
          ? err.message
          : `I/O error (${codeOf(err) ?? 'unknown'})`,
      ]);
  }
}
