import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getGlobalSettingsQueryOptions } from './get-global-settings.ts';

/** PUT /global_settings/domain with a JSON string; "" clears it (owner only; empty 200). */
export async function updateCoreDomain(core: CoreConnection, domain: string): Promise<void> {
  await apiCall('globalSettingsDomain', {}, { core, body: domain });
}

export function useUpdateCoreDomainMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; domain: string }) =>
      updateCoreDomain(input.core, input.domain),
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({
        queryKey: getGlobalSettingsQueryOptions(input.core, true).queryKey,
      }),
  });
}
