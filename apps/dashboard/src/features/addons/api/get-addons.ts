import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { InstalledAddonSchema } from '@hearth/protocol';
import type { InstalledAddon } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { instanceQueryOptions } from '@/lib/api-queries.ts';

const InstalledListSchema = z.array(InstalledAddonSchema);

/** GET /instance/:uuid/addons: what Hearth installed, by title. */
export async function getAddons(
  instanceUuid: string,
  signal?: AbortSignal,
): Promise<InstalledAddon[]> {
  const list = await apiCall(
    'addonList',
    { uuid: instanceUuid },
    { schema: InstalledListSchema, signal },
  );
  return list.sort((a, b) => a.title.localeCompare(b.title));
}

/** Install, update and remove refetch it (`invalidateQueries`). */
export function getAddonsQueryOptions(instanceUuid: string) {
  return instanceQueryOptions(instanceUuid, ['addons', 'list'], getAddons);
}

export function useAddons(instanceUuid: string, enabled: boolean) {
  return useQuery({ ...getAddonsQueryOptions(instanceUuid), enabled });
}
