import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { TaskEntrySchema } from '@hearth/protocol';
import type { TaskEntry } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { macroListQueryOptions } from './query-keys.ts';

/** GET /instance/{id}/task/list: the macro tasks running now. */
export function getTasks(uuid: string, signal?: AbortSignal): Promise<TaskEntry[]> {
  return apiCall('taskList', { uuid }, { schema: z.array(TaskEntrySchema), signal });
}

export function getTasksQueryOptions(coreId: string | null, uuid: string) {
  return macroListQueryOptions(coreId, uuid, 'tasks', getTasks);
}

export function useTasks(uuid: string, enabled: boolean) {
  const core = useCurrentCore();
  return useQuery({ ...getTasksQueryOptions(core ? coreKey(core) : null, uuid), enabled });
}
