import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getGlobalSettingsQueryOptions } from './get-global-settings.ts';

/** PUT /global_settings/domain with a JSON string; "" clears it (owner only; empty 200). */
export async function updateCoreDomain(core: CoreConnection, domain: string): Promise<void> {
  await apiCall('globalSettingsDomain', {}, { core, body: domain });
}

export function useUpdateCoreDomainMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; domain: string }) =>
      updateCoreDomain(input.core, input.domain),
    invalidates: (input) => [getGlobalSettingsQueryOptions(input.core, true)],
  });
}
