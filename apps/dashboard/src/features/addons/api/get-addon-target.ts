import { queryOptions, useQuery } from '@tanstack/react-query';
import { AddonTargetSchema } from '@hearth/protocol';
import type { AddonTarget } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

/** GET /instance/:uuid/addons/target: what the instance takes (kinds, loaders, game version). */
export function getAddonTarget(instanceUuid: string, signal?: AbortSignal): Promise<AddonTarget> {
  return apiCall(
    'addonTarget',
    { uuid: instanceUuid },
    { schema: AddonTargetSchema, ...(signal ? { signal } : {}) },
  );
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
