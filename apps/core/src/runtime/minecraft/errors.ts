import type { ErrorKind } from '@hearth/protocol';
import { CoreError } from '../../errors.ts';
import { isAbortError } from '../../lib/outbound-http.ts';

/**
 * The core's CoreError with the folder's argument order (`kind, ...causes`): `kind` picks the HTTP
 * status (core-api.md §1.3) and `causes` become the `ClientError` envelope.
 */
export class MinecraftError extends CoreError {
  constructor(kind: ErrorKind, ...causes: [string, ...string[]]) {
    super(kind, causes);
    this.name = 'MinecraftError';
  }
}

/** Re-throws aborts as they are and anything unknown as an `Internal` MinecraftError with context. */
export function wrapError(err: unknown, context: string): Error {
  if (err instanceof CoreError || isAbortError(err)) return err as Error;
  const message = err instanceof Error ? err.message : String(err);
  return new MinecraftError('Internal', context, message);
}

export { isAbortError, isUpstreamNotFound as isNotFound } from '../../lib/outbound-http.ts';
