import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AddonInstallResultSchema, InstalledAddonSchema } from '@hearth/protocol';
import type { AddonInstallBody, InstalledAddon } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { getAddonsQueryOptions } from './get-addons.ts';

// Installing downloads from Modrinth and verifies the file: far longer than the default 5 s.
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/** POST /instance/:uuid/addons: every add-on it installed, the asked one first. */
export function installAddon(
  instanceUuid: string,
  body: AddonInstallBody,
): Promise<InstalledAddon[]> {
  return apiCall(
    'addonInstall',
    { uuid: instanceUuid },
    { body, schema: AddonInstallResultSchema, timeoutMs: DOWNLOAD_TIMEOUT_MS },
  );
}

/** PUT /instance/:uuid/addons/:addon: to the given version, or (null) the newest that fits. */
export function updateAddon(
  instanceUuid: string,
  addonId: string,
  versionId: string | null,
): Promise<InstalledAddon> {
  return apiCall(
    'addonUpdate',
    { uuid: instanceUuid, addon: addonId },
    {
      body: { version_id: versionId },
      schema: InstalledAddonSchema,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
    },
  );
}

/** DELETE /instance/:uuid/addons/:addon: the file and its record. */
export async function removeAddon(instanceUuid: string, addonId: string): Promise<void> {
  await apiCall('addonRemove', { uuid: instanceUuid, addon: addonId });
}

function useRefetchInstalled(instanceUuid: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: ['instance', instanceUuid, 'addons'] as const });
}

export function useInstallAddonMutation(instanceUuid: string) {
  const refetch = useRefetchInstalled(instanceUuid);
  return useMutation({
    mutationFn: (body: AddonInstallBody) => installAddon(instanceUuid, body),
    onSettled: refetch,
  });
}

export function useUpdateAddonMutation(instanceUuid: string) {
  const refetch = useRefetchInstalled(instanceUuid);
  return useMutation({
    mutationFn: ({ addonId, versionId }: { addonId: string; versionId: string | null }) =>
      updateAddon(instanceUuid, addonId, versionId),
    onSettled: refetch,
  });
}

export function useRemoveAddonMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addonId: string) => removeAddon(instanceUuid, addonId),
    onSuccess: (_data, addonId) => {
      queryClient.setQueryData(getAddonsQueryOptions(instanceUuid).queryKey, (list) =>
        list?.filter((a) => a.id !== addonId),
      );
    },
  });
}
