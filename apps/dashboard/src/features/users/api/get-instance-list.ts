import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { InstanceInfoSchema, apiPaths } from '@hearth/protocol';
import type { InstanceInfo } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const InstanceListSchema = InstanceInfoSchema.array();

/** GET /instance/list — the choices of the per-instance permission lists. */
export function getPermissionInstances(core: CoreConnection, signal?: AbortSignal): Promise<InstanceInfo[]> {
  return apiRequest(apiPaths.instanceList(), { core, schema: InstanceListSchema, ...(signal ? { signal } : {}) });
}

/** Kept apart from the sidebar's list (another feature) and refetched whenever the editor opens. */
export function getPermissionInstancesQueryOptions(core: CoreConnection | null, enabled: boolean) {
  return queryOptions({
    queryKey: ['user', 'permission-instances', core ? coreKey(core) : null] as const,
    queryFn: core && enabled ? ({ signal }) => getPermissionInstances(core, signal) : skipToken,
    staleTime: 0,
  });
}

export function usePermissionInstances(enabled: boolean) {
  const core = useCurrentCore();
  return useQuery(getPermissionInstancesQueryOptions(core, enabled));
}
