import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@hearth/protocol';
import type { ConfigurableValue } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

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

export function useUpdateInstanceSettingMutation() {
  return useMutation({
    mutationFn: (input: {
      uuid: string;
      sectionId: string;
      settingId: string;
      value: ConfigurableValue;
    }) => updateInstanceSetting(input.uuid, input.sectionId, input.settingId, input.value),
  });
}
