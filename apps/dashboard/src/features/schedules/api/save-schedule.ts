import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ScheduleSchema } from '@hearth/protocol';
import type { Schedule, ScheduleInput } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { getSchedulesQueryOptions } from './get-schedules.ts';

/** POST …/schedules (new) or PUT …/schedules/:id (replace); saving makes you its author. */
export function saveSchedule(
  instanceUuid: string,
  id: string | null,
  input: ScheduleInput,
): Promise<Schedule> {
  const options = { body: input, schema: ScheduleSchema };
  return id === null
    ? apiCall('scheduleCreate', { uuid: instanceUuid }, options)
    : apiCall('scheduleUpdate', { uuid: instanceUuid, schedule: id }, options);
}

export function useSaveScheduleMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; schedule: ScheduleInput }) =>
      saveSchedule(instanceUuid, input.id, input.schedule),
    onSuccess: (saved) => {
      queryClient.setQueryData(getSchedulesQueryOptions(instanceUuid).queryKey, (list) =>
        list?.some((s) => s.id === saved.id)
          ? list.map((s) => (s.id === saved.id ? saved : s))
          : [...(list ?? []), saved],
      );
    },
  });
}
