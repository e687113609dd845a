import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConfigurableManifestSchema } from '@hearth/protocol';
import type { ConfigurableManifest } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';

/** GET /instance/{id}/settings: auto_start, restart_on_crash and the setting sections. */
export function getInstanceSettings(
  uuid: string,
  signal?: AbortSignal,
): Promise<ConfigurableManifest> {
  return apiCall('instanceSettings', { uuid }, { schema: ConfigurableManifestSchema, signal });
}

/** Not cached (dashboard.md §9): every visit reads the server's current values. */
export function getInstanceSettingsQueryOptions(coreId: string | null, uuid: string) {
  return queryOptions({
    queryKey: ['instance-settings', coreId, uuid] as const,
    queryFn: ({ signal }) => getInstanceSettings(uuid, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** `enabled` is false without can_access_instance_setting: nothing is read then. */
export function useInstanceSettings(uuid: string, enabled = true) {
  const core = useCurrentCore();
  return useQuery({
    ...getInstanceSettingsQueryOptions(core ? coreKey(core) : null, uuid),
    enabled,
  });
}
