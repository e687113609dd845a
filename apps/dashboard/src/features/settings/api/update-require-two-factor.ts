import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useOptimisticToggleMutation } from './optimistic-toggle.ts';

/**
 * PUT /global_settings/require_two_factor with a JSON bool (owner only; Hearth cores). Turning it
 * on is refused until the owner has two-factor sign-in on themselves.
 */
export async function updateRequireTwoFactor(core: CoreConnection, on: boolean): Promise<void> {
  await apiCall('globalSettingsRequireTwoFactor', {}, { core, body: on });
}

export function useUpdateRequireTwoFactorMutation() {
  return useOptimisticToggleMutation('require_two_factor', updateRequireTwoFactor);
}
