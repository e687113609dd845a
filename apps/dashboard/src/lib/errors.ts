import { requestFailureToText } from '@hearth/protocol';
import type { RequestFailure } from '@hearth/protocol';
import { ApiError } from './api-client.ts';

// The only place an error becomes text (dashboard.md §8).

/** What went wrong, in the protocol's failure vocabulary. */
export function toRequestFailure(err: unknown): RequestFailure {
  if (err instanceof ApiError) return err.failure;
  if (err instanceof TypeError)
    return { type: 'network', code: 'ERR_NETWORK', message: err.message };
  return { type: 'unknown' };
}

/** The text a user sees for any thrown value. */
export function toUserMessage(err: unknown): string {
  return requestFailureToText(toRequestFailure(err));
}
