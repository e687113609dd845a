import { clientError, type ClientError, type ErrorKind } from '@hearth/protocol';

/**
 * The one error type thrown by this folder. `kind` picks the HTTP status (core-api.md §1.3) and
 * `causes` become the `ClientError` envelope, so routes can answer without inspecting messages.
 */
export class MinecraftError extends Error {
  readonly kind: ErrorKind;
  readonly causes: string[];

  constructor(kind: ErrorKind, ...causes: [string, ...string[]]) {
    super(causes.join(': '));
    this.name = 'MinecraftError';
    this.kind = kind;
    this.causes = causes;
  }

  toClientError(): ClientError {
    return clientError(this.kind, ...this.causes);
  }
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

/** Re-throws aborts as they are and anything unknown as an `Internal` MinecraftError with context. */
export function wrapError(err: unknown, context: string): Error {
  if (err instanceof MinecraftError || isAbortError(err)) return err as Error;
  const message = err instanceof Error ? err.message : String(err);
  return new MinecraftError('Internal', context, message);
}

/** An upstream answered with a non-2xx status (kind `External`). */
export class UpstreamStatusError extends MinecraftError {
  readonly status: number;
  readonly url: string;

  constructor(url: string, status: number, statusText: string) {
    super('External', `GET ${url} answered ${status} ${statusText}`.trimEnd());
    this.name = 'UpstreamStatusError';
    this.status = status;
    this.url = url;
  }
}

export function isNotFound(err: unknown): boolean {
  return err instanceof UpstreamStatusError && err.status === 404;
}
