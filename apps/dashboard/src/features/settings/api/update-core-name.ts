import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getGlobalSettingsQueryOptions } from './get-global-settings.ts';

/** PUT /global_settings/name with a JSON string (owner only; empty 200). */
export async function updateCoreName(core: CoreConnection, name: string): Promise<void> {
  await apiCall('globalSettingsName', {}, { core, body: name });
}

export function useUpdateCoreNameMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; name: string }) =>
      updateCoreName(input.core, input.name),
    invalidates: (input) => [getGlobalSettingsQueryOptions(input.core, true)],
  });
}
