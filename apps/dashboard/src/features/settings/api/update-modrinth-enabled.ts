import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useOptimisticToggleMutation } from './optimistic-toggle.ts';

/** PUT /global_settings/modrinth_enabled with a JSON bool (owner only; Hearth, issue 27). */
export async function updateModrinthEnabled(core: CoreConnection, on: boolean): Promise<void> {
  await apiCall('globalSettingsModrinthEnabled', {}, { core, body: on });
}

export function useUpdateModrinthEnabledMutation() {
  return useOptimisticToggleMutation('modrinth_enabled', updateModrinthEnabled);
}
