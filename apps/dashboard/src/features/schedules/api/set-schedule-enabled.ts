import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ScheduleSchema } from '@hearth/protocol';
import type { Schedule } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { getSchedulesQueryOptions } from './get-schedules.ts';

/** PUT …/schedules/:id/enabled with a JSON boolean. */
export function setScheduleEnabled(
  instanceUuid: string,
  id: string,
  enabled: boolean,
): Promise<Schedule> {
  return apiCall(
    'scheduleEnabled',
    { uuid: instanceUuid, schedule: id },
    { body: enabled, schema: ScheduleSchema },
  );
}

export function useSetScheduleEnabledMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; enabled: boolean }) =>
      setScheduleEnabled(instanceUuid, input.id, input.enabled),
    onSuccess: (saved) =>
      queryClient.setQueryData(getSchedulesQueryOptions(instanceUuid).queryKey, (list) =>
        list?.map((s) => (s.id === saved.id ? saved : s)),
      ),
  });
}
