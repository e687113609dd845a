import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ScheduleRunSchema } from '@hearth/protocol';
import type { ScheduleRun } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { getScheduleRunsQueryOptions } from './get-schedule-runs.ts';
import { getSchedulesQueryOptions } from './get-schedules.ts';

/**
 * POST …/schedules/:id/run — starts a run now and answers with it as it starts; it needs your
 * permissions and its author's for every step.
 */
export function runSchedule(instanceUuid: string, id: string): Promise<ScheduleRun> {
  return apiCall(
    'scheduleRun',
    { uuid: instanceUuid, schedule: id },
    { schema: ScheduleRunSchema },
  );
}

export function useRunScheduleMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => runSchedule(instanceUuid, id),
    onSuccess: (_run, id) => {
      void queryClient.invalidateQueries({
        queryKey: getSchedulesQueryOptions(instanceUuid).queryKey,
      });
      void queryClient.invalidateQueries({
        queryKey: getScheduleRunsQueryOptions(instanceUuid, id).queryKey,
      });
    },
  });
}
