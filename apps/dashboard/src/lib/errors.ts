import { describeRequestFailure } from '@hearth/protocol';
import type { ErrorKind, RequestFailure } from '@hearth/protocol';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n/i18n.ts';

// The only place an error becomes text (dashboard.md §8). The protocol picks what a failure says
// (describeRequestFailure); here it is written in the reader's language — in English exactly the
// spec's texts. The core's causes are its own free text and stay as they are.

/** What went wrong, in the protocol's failure vocabulary. */
export function toRequestFailure(err: unknown): RequestFailure {
  if (err instanceof ApiError) return err.failure;
  if (err instanceof TypeError)
    return { type: 'network', code: 'ERR_NETWORK', message: err.message };
  return { type: 'unknown' };
}

/** Each kind as dashboard.md §8 writes it ("PermissionDenied" → "Permission Denied"). */
const KIND_TEXT: Record<ErrorKind, MessageDescriptor> = {
  NotFound: msg`Not Found`,
  UnsupportedOperation: msg`Unsupported Operation`,
  BadRequest: msg`Bad Request`,
  PermissionDenied: msg`Permission Denied`,
  Unauthorized: msg`Unauthorized`,
  External: msg`External`,
  Internal: msg`Internal`,
};

/** The text a user sees for any thrown value. */
export function toUserMessage(err: unknown): string {
  const parts = describeRequestFailure(
    toRequestFailure(err),
    err instanceof ApiError ? err.envelope : null,
  );
  switch (parts.text) {
    case 'client-error': {
      const kind = i18n._(KIND_TEXT[parts.error.kind]);
      const causes = parts.error.causes.filter((cause) => cause.length > 0).join(': ');
      return causes ? t`${kind}: ${causes}` : kind;
    }
    case 'invalid-token':
      return t`Invalid token: try to log out and log in again`;
    case 'http-status':
      return `${parts.status}: ${parts.statusText}`;
    case 'network': {
      const message = parts.message;
      return message === null ? t`Network error` : t`Network error: ${message}`;
    }
    case 'timeout':
      return t`Async call timeout limit reached`;
    case 'unknown':
      return t`Unknown error`;
  }
}

/** What a mutation's dialog or form shows while it runs and after it failed. */
export interface MutationFeedback {
  pending: boolean;
  /** The failure in words; null while the mutation has not failed. */
  error: string | null;
}

/** The pending and error props a dialog or form takes from the one mutation behind it. */
export function mutationFeedback(mutation: {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}): MutationFeedback {
  return {
    pending: mutation.isPending,
    error: mutation.isError ? toUserMessage(mutation.error) : null,
  };
}
