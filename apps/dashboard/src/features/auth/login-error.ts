import { t } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { wrongCredentials } from './validation.ts';

/** Thrown when the core answered 200 without a token. */
export class MissingTokenError extends Error {
  constructor() {
    super('Wrong username or password');
    this.name = 'MissingTokenError';
  }
}

const SERVER_STATUSES = new Set([401, 403, 500]);

/** dashboard.md §8: 401/403/500 → `Error: {kind}: {causes}`; anything else → `Login failed: {message}`. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof MissingTokenError) return wrongCredentials();
  if (err instanceof ApiError && err.status !== null && SERVER_STATUSES.has(err.status)) {
    const kind = String(err.kind);
    const causes = err.causes.join(', ');
    return causes ? t`Error: ${kind}: ${causes}` : t`Error: ${kind}`;
  }
  const message = toUserMessage(err);
  return t`Login failed: ${message}`;
}
