import { z } from 'zod/mini';
import {
  INVALID_TOKEN_TEXT,
  TIMEOUT_TEXT,
  clientErrorToText,
  decodeFailureBody,
  describeRequestFailure,
} from './request-failure.ts';
import type { RequestFailure } from './request-failure.ts';

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
 * The `{kind, causes}` envelope of a failure body (already parsed JSON or JSON text), or null
 * when the body is anything else — an unknown kind included (core-api.md §1.3, §2.12).
 */
export function parseErrorBody(body: unknown): ClientError | null {
  const parsed = ClientErrorSchema.safeParse(decodeFailureBody(body));
  return parsed.success ? parsed.data : null;
}

/** A failure in the spec's English (dashboard.md §8). */
export function requestFailureToText(failure: RequestFailure): string {
  const parts = describeRequestFailure(
    failure,
    failure.type === 'http' ? parseErrorBody(failure.body) : null,
  );
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
