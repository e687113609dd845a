import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceInfo } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { getSession } from '@/lib/session.ts';
import { getInstancesQueryOptions } from './get-instances.ts';

// PUT /instance/{id}/name and /description with a JSON string body (dashboard.md §7).

export type InstanceTextField = 'name' | 'description';

const ROUTES = {
  name: 'instanceName',
  description: 'instanceDescription',
} as const satisfies Record<InstanceTextField, string>;

export async function updateInstanceText(
  uuid: string,
  field: InstanceTextField,
  value: string,
): Promise<void> {
  await apiCall(ROUTES[field], { uuid }, { body: value });
}

/** Saves and patches the cached list (the core sends no event for a rename). */
export function useUpdateInstanceTextMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { uuid: string; field: InstanceTextField; value: string }) =>
      updateInstanceText(input.uuid, input.field, input.value),
    onSuccess: (_data, input) => {
      const key = getInstancesQueryOptions(getSession().current, true).queryKey;
      queryClient.setQueryData<InstanceInfo[]>(key, (list) =>
        list?.map((i) => (i.uuid === input.uuid ? { ...i, [input.field]: input.value } : i)),
      );
    },
  });
}
