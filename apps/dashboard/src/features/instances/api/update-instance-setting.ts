import type { ConfigurableValue } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import { getSession } from '@/lib/session.ts';
import { getInstancesQueryOptions } from './get-instances.ts';

/** PUT /instance/{id}/settings/{section}/{setting} with a typed {type, value}. */
export async function updateInstanceSetting(
  uuid: string,
  sectionId: string,
  settingId: string,
  value: ConfigurableValue,
): Promise<void> {
  await apiCall(
    'instanceSetting',
    { uuid, section: sectionId, setting: settingId },
    { body: value },
  );
}

/**
 * A setting can change what the instance list shows (the port, the player limit, the version) and
 * the core sends no event for it: the list is fetched again once the core took the value.
 */
export function useUpdateInstanceSettingMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: {
      uuid: string;
      sectionId: string;
      settingId: string;
      value: ConfigurableValue;
    }) => updateInstanceSetting(input.uuid, input.sectionId, input.settingId, input.value),
    invalidates: () => [getInstancesQueryOptions(getSession().current, true)],
  });
}
