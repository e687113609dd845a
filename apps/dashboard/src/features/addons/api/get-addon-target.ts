import { queryOptions, useQuery } from '@tanstack/react-query';
import { AddonTargetSchema, apiPaths } from '@hearth/protocol';
import type { AddonTarget } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/** GET /instance/:uuid/addons/target: what the instance takes (kinds, loaders, game version). */
export function getAddonTarget(instanceUuid: string, signal?: AbortSignal): Promise<AddonTarget> {
  return apiRequest(apiPaths.addonTarget(instanceUuid), {
    schema: AddonTargetSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getAddonTargetQueryOptions(instanceUuid: string) {
  return queryOptions({
    queryKey: ['instance', instanceUuid, 'addons', 'target'] as const,
    queryFn: ({ signal }) => getAddonTarget(instanceUuid, signal),
  });
}

export function useAddonTarget(instanceUuid: string, enabled: boolean) {
  return useQuery({ ...getAddonTargetQueryOptions(instanceUuid), enabled });
}
