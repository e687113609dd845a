import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useOptimisticToggleMutation } from './optimistic-toggle.ts';

/**
 * PUT /global_settings/playit_enabled with a JSON bool (owner only; empty 200). Turning the
 * integration off also stops the runner (POST /playitgg/stop_cli, which answers when nothing runs).
 */
export async function updatePlayitEnabled(core: CoreConnection, on: boolean): Promise<void> {
  await apiCall('globalSettingsPlayitEnabled', {}, { core, body: on });
  if (!on) await apiCall('playitStop', {}, { core, timeoutMs: 15_000 });
}

export function useUpdatePlayitEnabledMutation() {
  return useOptimisticToggleMutation('playit_enabled', updatePlayitEnabled);
}
