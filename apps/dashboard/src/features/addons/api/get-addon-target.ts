import { useQuery } from '@tanstack/react-query';
import { AddonTargetSchema } from '@hearth/protocol';
import type { AddonTarget } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { instanceQueryOptions } from '@/lib/api-queries.ts';

/** GET /instance/:uuid/addons/target: what the instance takes (kinds, loaders, game version). */
export function getAddonTarget(instanceUuid: string, signal?: AbortSignal): Promise<AddonTarget> {
  return apiCall('addonTarget', { uuid: instanceUuid }, { schema: AddonTargetSchema, signal });
}

export function getAddonTargetQueryOptions(instanceUuid: string) {
  return instanceQueryOptions(instanceUuid, ['addons', 'target'], getAddonTarget);
}

export function useAddonTarget(instanceUuid: string, enabled: boolean) {
  return useQuery({ ...getAddonTargetQueryOptions(instanceUuid), enabled });
}
