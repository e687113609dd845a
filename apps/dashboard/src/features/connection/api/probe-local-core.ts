import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCAL_PROBE_INTERVAL_MS, LOCAL_PROBE_TIMEOUT_MS } from '@hearth/protocol';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getCoreInfo } from './get-core-info.ts';

/** dashboard.md §4: the local-core probe runs every 3 s with a 3 s time-out. */
export function getLocalProbeQueryOptions(target: CoreConnection) {
  return queryOptions({
    queryKey: ['local-core-probe', `${target.protocol}://${coreKey(target)}`] as const,
    queryFn: ({ signal }) => getCoreInfo(target, { timeoutMs: LOCAL_PROBE_TIMEOUT_MS, signal }),
    refetchInterval: LOCAL_PROBE_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export function useLocalCoreProbe(target: CoreConnection, enabled: boolean) {
  return useQuery({ ...getLocalProbeQueryOptions(target), enabled });
}
