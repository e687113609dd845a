import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@hearth/protocol';
import type { GlobalSettingsData } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getGlobalSettingsQueryOptions } from './get-global-settings.ts';

/** PUT /global_settings/safe_mode with a JSON bool (owner only; empty 200). */
export async function updateSafeMode(core: CoreConnection, on: boolean): Promise<void> {
  await apiRequest(apiPaths.globalSettingsSafeMode(), { core, method: 'PUT', body: on });
}

/** Shows the new value at once and puts the old one back if the core refuses. */
export function useUpdateSafeModeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; on: boolean }) =>
      updateSafeMode(input.core, input.on),
    onMutate: (input) => {
      const key = getGlobalSettingsQueryOptions(input.core, true).queryKey;
      const previous = queryClient.getQueryData<GlobalSettingsData>(key);
      if (previous)
        queryClient.setQueryData<GlobalSettingsData>(key, { ...previous, safe_mode: input.on });
      return { previous };
    },
    onError: (_err, input, context) => {
      if (context?.previous)
        queryClient.setQueryData(
          getGlobalSettingsQueryOptions(input.core, true).queryKey,
          context.previous,
        );
    },
    onSettled: (_data, _err, input) =>
      queryClient.invalidateQueries({
        queryKey: getGlobalSettingsQueryOptions(input.core, true).queryKey,
      }),
  });
}
