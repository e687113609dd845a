import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingManifest } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { getMacroConfigQueryOptions } from './get-macro-config.ts';
import { getMacrosQueryOptions } from './get-macros.ts';

/** POST /instance/{id}/macro/config/store/{name}: every declared setting with its value. */
export async function storeMacroConfig(
  uuid: string,
  name: string,
  config: Record<string, SettingManifest>,
): Promise<void> {
  await apiCall('macroConfigStore', { uuid, name }, { body: config });
}

export function useStoreMacroConfigMutation(uuid: string) {
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  const coreId = core ? coreKey(core) : null;
  return useMutation({
    mutationFn: (input: { name: string; config: Record<string, SettingManifest> }) =>
      storeMacroConfig(uuid, input.name, input.config),
    // The list too: its needs_config (Hearth) changes with a stored config.
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: getMacroConfigQueryOptions(coreId, uuid, input.name).queryKey,
        }),
        queryClient.invalidateQueries({ queryKey: getMacrosQueryOptions(coreId, uuid).queryKey }),
      ]),
  });
}
