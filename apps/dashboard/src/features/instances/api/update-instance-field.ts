import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceInfo } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { getSession } from '@/lib/session.ts';
import { getInstancesQueryOptions } from './get-instances.ts';

// PUT /instance/{id}/name and /description with a JSON string body (dashboard.md §7), and
// /auto_start and /restart_on_crash with a JSON boolean (Hearth additions).

const ROUTES = {
  name: 'instanceName',
  description: 'instanceDescription',
  auto_start: 'instanceAutoStart',
  restart_on_crash: 'instanceRestartOnCrash',
} as const satisfies Partial<Record<keyof InstanceInfo, string>>;

export type InstanceField = keyof typeof ROUTES;
export type InstanceFlag = 'auto_start' | 'restart_on_crash';

/** One field's new value, of the type the instance list holds it in. */
export type InstanceFieldUpdate = {
  [F in InstanceField]: { uuid: string; field: F; value: InstanceInfo[F] };
}[InstanceField];

export async function updateInstanceField({
  uuid,
  field,
  value,
}: InstanceFieldUpdate): Promise<void> {
  await apiCall(ROUTES[field], { uuid }, { body: value });
}

/** Saves and patches the cached list (the core sends no event for a rename). */
export function useUpdateInstanceFieldMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstanceField,
    onSuccess: (_data, input) => {
      const key = getInstancesQueryOptions(getSession().current, true).queryKey;
      queryClient.setQueryData<InstanceInfo[]>(key, (list) =>
        list?.map((i) => (i.uuid === input.uuid ? { ...i, [input.field]: input.value } : i)),
      );
    },
  });
}
