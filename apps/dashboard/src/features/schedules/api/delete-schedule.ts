import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import { getSchedulesQueryOptions } from './get-schedules.ts';

/** DELETE …/schedules/:id (a run in progress is stopped). */
export async function deleteSchedule(instanceUuid: string, id: string): Promise<void> {
  await apiCall('scheduleDelete', { uuid: instanceUuid, schedule: id });
}

export function useDeleteScheduleMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSchedule(instanceUuid, id),
    onSuccess: (_data, id) =>
      queryClient.setQueryData(getSchedulesQueryOptions(instanceUuid).queryKey, (list) =>
        list?.filter((s) => s.id !== id),
      ),
  });
}
