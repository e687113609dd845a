import { useEffect } from 'react';
import { dispatchConnection, resetConnectionStatus } from '@/lib/connection-status.ts';
import { coreKey, useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import { useCoreInfo } from './api/get-core-info.ts';

/** Feeds the /info answers of the current core into the connection status (dashboard.md §4). */
export function useConnectionWatch(): void {
  const core = useCurrentCore();
  const token = useCurrentToken();
  const id = core ? `${core.protocol}://${coreKey(core)}` : null;
  const info = useCoreInfo();

  // A new core or a new user starts over: a socket refused for a token that is gone no longer counts.
  useEffect(() => {
    resetConnectionStatus();
  }, [id, token]);

  useEffect(() => {
    if (info.status === 'success') dispatchConnection({ type: 'info-success' });
    else if (info.status === 'error') dispatchConnection({ type: 'info-failure' });
  }, [info.status, info.dataUpdatedAt, info.errorUpdatedAt, id, token]);
}
