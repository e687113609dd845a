import { queryOptions, useQuery } from '@tanstack/react-query';
import { InstanceDiskSchema } from '@hearth/protocol';
import type { InstanceDisk } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';

/** GET /instance/{id}/disk (Hearth): what the instance's folder takes on disk. */
export function getInstanceDisk(uuid: string, signal?: AbortSignal): Promise<InstanceDisk> {
  return apiCall('instanceDisk', { uuid }, { schema: InstanceDiskSchema, signal });
}

export function getInstanceDiskQueryOptions(coreId: string | null, uuid: string) {
  return queryOptions({
    queryKey: ['instance-disk', coreId, uuid] as const,
    queryFn: ({ signal }) => getInstanceDisk(uuid, signal),
    // The core measures at most every 30 s; a Lodestone core has no such route (not retried).
    refetchInterval: 60_000,
    retry: false,
  });
}

export function useInstanceDisk(uuid: string) {
  const core = useCurrentCore();
  return useQuery(getInstanceDiskQueryOptions(core ? coreKey(core) : null, uuid));
}
