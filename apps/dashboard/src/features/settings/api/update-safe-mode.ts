import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useOptimisticToggleMutation } from './optimistic-toggle.ts';

/** PUT /global_settings/safe_mode with a JSON bool (owner only; empty 200). */
export async function updateSafeMode(core: CoreConnection, on: boolean): Promise<void> {
  await apiCall('globalSettingsSafeMode', {}, { core, body: on });
}

/** Shows the new value at once and puts the old one back if the core refuses. */
export function useUpdateSafeModeMutation() {
  return useOptimisticToggleMutation('safe_mode', updateSafeMode);
}
