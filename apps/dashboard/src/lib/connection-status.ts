import { useSyncExternalStore } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n/i18n.ts';

// The core connection status of dashboard.md §4, as a pure reducer plus one tiny store.

export type ConnectionStatus = 'loading' | 'success' | 'error' | 'degraded';

export type ConnectionAction =
  /** A new core was selected: start over. */
  | { type: 'reset' }
  | { type: 'info-success' }
  | { type: 'info-failure' }
  | { type: 'socket-open' }
  | { type: 'socket-error' }
  /** The event socket could not even be constructed. */
  | { type: 'socket-create-failed' };

export function connectionReducer(
  status: ConnectionStatus,
  action: ConnectionAction,
): ConnectionStatus {
  switch (action.type) {
    case 'reset':
      return 'loading';
    case 'info-success':
      return status === 'degraded' ? 'degraded' : 'success';
    case 'info-failure':
      return 'error';
    case 'socket-open':
      return 'success';
    case 'socket-error':
      return 'error';
    case 'socket-create-failed':
      return 'degraded';
  }
}

/** The badge text for each status (dashboard.md §2, main layout). */
const BADGE_TEXT: Record<ConnectionStatus, MessageDescriptor> = {
  loading: msg`Connecting`,
  error: msg`Error`,
  success: msg`Connected`,
  degraded: msg`Degraded`,
};

/** The badge text of a status in the active language. */
export function connectionBadgeText(status: ConnectionStatus): string {
  return i18n._(BADGE_TEXT[status]);
}

let status: ConnectionStatus = 'loading';
const listeners = new Set<() => void>();

export function getConnectionStatus(): ConnectionStatus {
  return status;
}

export function dispatchConnection(action: ConnectionAction): void {
  const next = connectionReducer(status, action);
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function resetConnectionStatus(): void {
  dispatchConnection({ type: 'reset' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(subscribe, getConnectionStatus, getConnectionStatus);
}
