import { z } from 'zod/mini';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ScheduleSchema } from '@hearth/protocol';
import type { Schedule } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

const ScheduleListSchema = z.array(ScheduleSchema);

/** GET /instance/:uuid/schedules (oldest first, as they were made). */
export function getSchedules(instanceUuid: string, signal?: AbortSignal): Promise<Schedule[]> {
  return apiCall('scheduleList', { uuid: instanceUuid }, { schema: ScheduleListSchema, signal });
}

/** Every query of one instance's schedules (list and run histories) starts with this key. */
export function schedulesQueryPrefix(instanceUuid: string) {
  return ['instance', instanceUuid, 'schedules'] as const;
}

/** Kept current by run progressions (use-schedule-events.ts) and by the mutations. */
export function getSchedulesQueryOptions(instanceUuid: string) {
  return queryOptions({
    queryKey: [...schedulesQueryPrefix(instanceUuid), 'list'] as const,
    queryFn: ({ signal }) => getSchedules(instanceUuid, signal),
  });
}

export function useSchedules(instanceUuid: string, enabled: boolean) {
  return useQuery({ ...getSchedulesQueryOptions(instanceUuid), enabled });
}
