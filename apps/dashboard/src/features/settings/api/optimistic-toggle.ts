import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GlobalSettingsData } from '@hearth/protocol';
import type { CoreConnection } from '@/lib/session.ts';
import { getGlobalSettingsQueryOptions } from './get-global-settings.ts';

type ToggleField = 'safe_mode' | 'playit_enabled' | 'modrinth_enabled' | 'require_two_factor';

/**
 * A global-setting toggle that shows the new value at once, puts the old one back if the core
 * refuses, and re-reads the settings afterwards. Shared by the safe-mode, playit, Modrinth and
 * two-factor toggles.
 */
export function useOptimisticToggleMutation(
  field: ToggleField,
  send: (core: CoreConnection, on: boolean) => Promise<void>,
) {
  const queryClient = useQueryClient();
  const keyOf = (core: CoreConnection) => getGlobalSettingsQueryOptions(core, true).queryKey;
  return useMutation({
    mutationFn: (input: { core: CoreConnection; on: boolean }) => send(input.core, input.on),
    onMutate: (input) => {
      const previous = queryClient.getQueryData<GlobalSettingsData>(keyOf(input.core));
      if (previous)
        queryClient.setQueryData<GlobalSettingsData>(keyOf(input.core), {
          ...previous,
          [field]: input.on,
        });
      return { previous };
    },
    onError: (_err, input, context) => {
      if (context?.previous) queryClient.setQueryData(keyOf(input.core), context.previous);
    },
    onSettled: (_data, _err, input) =>
      queryClient.invalidateQueries({ queryKey: keyOf(input.core) }),
  });
}
