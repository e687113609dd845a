import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import { getSession } from '@/lib/session.ts';
import { getInstancesQueryOptions } from './get-instances.ts';

const DELETE_TIMEOUT_MS = 60_000;

/** DELETE /instance/{id}. */
export async function deleteInstance(uuid: string): Promise<void> {
  await apiCall('instance', { uuid }, { timeoutMs: DELETE_TIMEOUT_MS });
}

/** Deletes, then refreshes the list (dashboard.md §7); the caller deselects. */
export function useDeleteInstanceMutation() {
  return useInvalidatingMutation({
    mutationFn: (uuid: string) => deleteInstance(uuid),
    invalidates: () => [getInstancesQueryOptions(getSession().current, true)],
  });
}
