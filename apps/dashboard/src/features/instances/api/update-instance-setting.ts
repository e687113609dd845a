import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@hearth/protocol';
import type { ConfigurableValue } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';
import { getSession } from '@/lib/session.ts';
import { getInstancesQueryOptions } from './get-instances.ts';

/** PUT /instance/{id}/settings/{section}/{setting} with a typed {type, value}. */
export async function updateInstanceSetting(
  uuid: string,
  sectionId: string,
  settingId: string,
  value: ConfigurableValue,
): Promise<void> {
  await apiRequest(apiPaths.instanceSetting(uuid, sectionId, settingId), {
    method: 'PUT',
    body: value,
  });
}

/**
 * A setting can change what the instance list shows (the port, the player limit, the version) and
 * the core sends no event for it: the list is fetched again once the core took the value.
 */
export function useUpdateInstanceSettingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getInstancesQueryOptions(getSession().current, true).queryKey,
      }),
    mutationFn: (input: {
      uuid: string;
      sectionId: string;
      settingId: string;
      value: ConfigurableValue;
    }) => updateInstanceSetting(input.uuid, input.sectionId, input.settingId, input.value),
  });
}
