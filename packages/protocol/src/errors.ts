import { z } from 'zod/mini';

/** core-api.md §2.12 */
export const ErrorKindSchema = z.enum([
  'NotFound',
  'UnsupportedOperation',
  'BadRequest',
  'PermissionDenied',
  'Unauthorized',
  'External',
  'Internal',
]);
export type ErrorKind = z.infer<typeof ErrorKindSchema>;

export const ClientErrorSchema = z.object({
  kind: ErrorKindSchema,
  causes: z.array(z.string()),
});
export type ClientError = z.infer<typeof ClientErrorSchema>;

/** core-api.md §1.3: status for each kind. */
export const ERROR_STATUS: Record<ErrorKind, number> = {
  NotFound: 404,
  UnsupportedOperation: 501,
  BadRequest: 400,
  PermissionDenied: 403,
  Unauthorized: 401,
  External: 502,
  Internal: 500,
};

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
function decodeBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * The `{kind, causes}` envelope of a failure body (already parsed JSON or JSON text), or null
 * when the body is anything else — an unknown kind included (core-api.md §1.3, §2.12).
 */
export function parseErrorBody(body: unknown): ClientError | null {
  const parsed = ClientErrorSchema.safeParse(decodeBody(body));
  return parsed.success ? parsed.data : null;
}

/** What a failure says, in parts: the dashboard writes them in the reader's language. */
export type FailureParts =
  | { text: 'client-error'; error: ClientError }
  | { text: 'invalid-token' }
  | { text: 'http-status'; status: number; statusText: string }
  | { text: 'network'; message: string | null }
  | { text: 'timeout' }
  | { text: 'unknown' };

/** The one rule set that picks what a failure says (dashboard.md §8). */
export function describeRequestFailure(failure: RequestFailure): FailureParts {
  switch (failure.type) {
    case 'http': {
      const envelope = parseErrorBody(failure.body);
      if (envelope) return { text: 'client-error', error: envelope };
      const body = decodeBody(failure.body);
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

/** A failure in the spec's English (dashboard.md §8). */
export function requestFailureToText(failure: RequestFailure): string {
  const parts = describeRequestFailure(failure);
  switch (parts.text) {
    case 'client-error':
      return clientErrorToText(parts.error);
    case 'invalid-token':
      return INVALID_TOKEN_TEXT;
    case 'http-status':
      return `${parts.status}: ${parts.statusText}`;
    case 'network':
      return parts.message === null ? 'Network error' : `Network error: ${parts.message}`;
    case 'timeout':
      return TIMEOUT_TEXT;
    case 'unknown':
      return 'Unknown error';
  }
}

/** Builds the envelope the core sends. */
export function clientError(kind: ErrorKind, ...causes: string[]): ClientError {
  return { kind, causes };
}
