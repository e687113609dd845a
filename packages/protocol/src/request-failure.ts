import type { ClientError, ErrorKind } from './errors.ts';

// What a failed request says, without the schemas: the dashboard's first load reads this (its
// error texts) and must not carry zod for it. The envelope is checked by `parseErrorBody`
// (errors.ts), which the dashboard loads with the first failure it reads.

/**
 * Hearth also answers 409/413/415/429 and 507 (Insufficient Storage: a full disk or database,
 * kind `Internal`) with the envelope; they map onto the closest kind. The kinds stay the
 * reference's seven, so any Lodestone client parses every answer.
 */
export function kindForStatus(status: number): ErrorKind {
  switch (status) {
    case 404:
      return 'NotFound';
    case 501:
      return 'UnsupportedOperation';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'PermissionDenied';
    case 502:
      return 'External';
    default:
      return status >= 400 && status < 500 ? 'BadRequest' : 'Internal';
  }
}

/** "PermissionDenied" → "Permission Denied" (dashboard.md §8). */
export function kindToText(kind: string): string {
  return kind.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}

/** dashboard.md §8: "{Kind with spaces}: {causes}". */
export function clientErrorToText(error: ClientError): string {
  const causes = error.causes.filter((c) => c.length > 0);
  return causes.length > 0
    ? `${kindToText(error.kind)}: ${causes.join(': ')}`
    : kindToText(error.kind);
}

/** What a failed request looked like, independent of the HTTP library. */
export type RequestFailure =
  | { type: 'http'; status: number; statusText: string; body: unknown }
  | { type: 'network'; code?: string; message?: string }
  | { type: 'timeout' }
  | { type: 'unknown' };

export const INVALID_TOKEN_TEXT = 'Invalid token: try to log out and log in again';
export const TIMEOUT_TEXT = 'Async call timeout limit reached';

/** A failure body as the client holds it: JSON text is parsed (the core sends its envelope as text/plain), anything else is kept. */
export function decodeFailureBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** What a failure says, in parts: the dashboard writes them in the reader's language. */
export type FailureParts =
  | { text: 'client-error'; error: ClientError }
  | { text: 'invalid-token' }
  | { text: 'http-status'; status: number; statusText: string }
  | { text: 'network'; message: string | null }
  | { text: 'timeout' }
  | { text: 'unknown' };

/**
 * The one rule set that picks what a failure says (dashboard.md §8). `envelope` is the failure
 * body's `{kind, causes}` as `parseErrorBody` read it (null when it is not one).
 */
export function describeRequestFailure(
  failure: RequestFailure,
  envelope: ClientError | null,
): FailureParts {
  switch (failure.type) {
    case 'http': {
      if (envelope) return { text: 'client-error', error: envelope };
      const body = decodeFailureBody(failure.body);
      if (typeof body === 'string' && body.startsWith('`Authorization`'))
        return { text: 'invalid-token' };
      return { text: 'http-status', status: failure.status, statusText: failure.statusText };
    }
    case 'network':
      return {
        text: 'network',
        message: failure.code === 'ERR_NETWORK' || !failure.message ? null : failure.message,
      };
    case 'timeout':
      return { text: 'timeout' };
    case 'unknown':
      return { text: 'unknown' };
  }
}
