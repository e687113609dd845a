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

/** The one rule set that turns a failure into text (dashboard.md §8). */
export function requestFailureToText(failure: RequestFailure): string {
  switch (failure.type) {
    case 'http': {
      const envelope = parseErrorBody(failure.body);
      if (envelope) return clientErrorToText(envelope);
      const body = decodeBody(failure.body);
      if (typeof body === 'string' && body.startsWith('`Authorization`')) return INVALID_TOKEN_TEXT;
      return `${failure.status}: ${failure.statusText}`;
    }
    case 'network':
      if (failure.code === 'ERR_NETWORK' || !failure.message) return 'Network error';
      return `Network error: ${failure.message}`;
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
