import { z } from 'zod/mini';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { InstalledAddonSchema } from '@hearth/protocol';
import type { InstalledAddon } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

const InstalledListSchema = z.array(InstalledAddonSchema);

/** GET /instance/:uuid/addons: what Hearth installed, by title. */
export async function getAddons(
  instanceUuid: string,
  signal?: AbortSignal,
): Promise<InstalledAddon[]> {
  const list = await apiCall(
    'addonList',
    { uuid: instanceUuid },
    { schema: InstalledListSchema, ...(signal ? { signal } : {}) },
  );
  return list.sort((a, b) => a.title.localeCompare(b.title));
}

/** Install, update and remove refetch it (`invalidateQueries`). */
export function getAddonsQueryOptions(instanceUuid: string) {
  return queryOptions({
    queryKey: ['instance', instanceUuid, 'addons', 'list'] as const,
    queryFn: ({ signal }) => getAddons(instanceUuid, signal),
  });
}

export function useAddons(instanceUuid: string, enabled: boolean) {
  return useQuery({ ...getAddonsQueryOptions(instanceUuid), enabled });
}
