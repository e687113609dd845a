import { ApiError } from '@/lib/api-client.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { WRONG_CREDENTIALS } from './validation.ts';

/** Thrown when the core answered 200 without a token. */
export class MissingTokenError extends Error {
  constructor() {
    super(WRONG_CREDENTIALS);
    this.name = 'MissingTokenError';
  }
}

const SERVER_STATUSES = new Set([401, 403, 500]);

/** dashboard.md §8: 401/403/500 → `Error: {kind}: {causes}`; anything else → `Login failed: {message}`. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof MissingTokenError) return WRONG_CREDENTIALS;
  if (err instanceof ApiError && err.status !== null && SERVER_STATUSES.has(err.status)) {
    const causes = err.causes.join(', ');
    return causes ? `Error: ${err.kind}: ${causes}` : `Error: ${err.kind}`;
  }
  return `Login failed: ${toUserMessage(err)}`;
}
