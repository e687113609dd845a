import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getGlobalSettingsQueryOptions } from './get-global-settings.ts';

/** PUT /global_settings/name with a JSON string (owner only; empty 200). */
export async function updateCoreName(core: CoreConnection, name: string): Promise<void> {
  await apiCall('globalSettingsName', {}, { core, body: name });
}

export function useUpdateCoreNameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; name: string }) =>
      updateCoreName(input.core, input.name),
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({
        queryKey: getGlobalSettingsQueryOptions(input.core, true).queryKey,
      }),
  });
}
