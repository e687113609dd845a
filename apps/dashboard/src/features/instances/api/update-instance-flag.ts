import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceInfo } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { getSession } from '@/lib/session.ts';
import { getInstancesQueryOptions } from './get-instances.ts';

// PUT /instance/{id}/auto_start and /restart_on_crash with a JSON boolean (Hearth additions).

export type InstanceFlag = 'auto_start' | 'restart_on_crash';

const ROUTES = {
  auto_start: 'instanceAutoStart',
  restart_on_crash: 'instanceRestartOnCrash',
} as const satisfies Record<InstanceFlag, string>;

export async function updateInstanceFlag(
  uuid: string,
  flag: InstanceFlag,
  value: boolean,
): Promise<void> {
  await apiCall(ROUTES[flag], { uuid }, { body: value });
}

export function useUpdateInstanceFlagMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { uuid: string; flag: InstanceFlag; value: boolean }) =>
      updateInstanceFlag(input.uuid, input.flag, input.value),
    onSuccess: (_data, input) => {
      const key = getInstancesQueryOptions(getSession().current, true).queryKey;
      queryClient.setQueryData<InstanceInfo[]>(key, (list) =>
        list?.map((i) => (i.uuid === input.uuid ? { ...i, [input.flag]: input.value } : i)),
      );
    },
  });
}
