import { z } from 'zod/mini';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ScheduleRunSchema } from '@hearth/protocol';
import type { ScheduleRun } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { schedulesQueryPrefix } from './get-schedules.ts';

const RunListSchema = z.array(ScheduleRunSchema);

/** GET …/schedules/:id/runs: the last 100 runs, newest first, each step's outcome. */
export function getScheduleRuns(
  instanceUuid: string,
  scheduleId: string,
  signal?: AbortSignal,
): Promise<ScheduleRun[]> {
  return apiCall(
    'scheduleRuns',
    { uuid: instanceUuid, schedule: scheduleId },
    { schema: RunListSchema, signal },
  );
}

export function getScheduleRunsQueryOptions(instanceUuid: string, scheduleId: string) {
  return queryOptions({
    queryKey: [...schedulesQueryPrefix(instanceUuid), 'runs', scheduleId] as const,
    queryFn: ({ signal }) => getScheduleRuns(instanceUuid, scheduleId, signal),
  });
}

export function useScheduleRuns(instanceUuid: string, scheduleId: string) {
  return useQuery(getScheduleRunsQueryOptions(instanceUuid, scheduleId));
}
