import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry, TaskEntry } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { nowSeconds, withFinished, withoutTask } from '../macro-cache.ts';
import { getHistoryQueryOptions } from './get-history.ts';
import { getTasksQueryOptions } from './get-tasks.ts';

/** PUT /instance/{id}/macro/kill/{pid}; the core answers once the task's end is recorded. */
export async function killTask(uuid: string, pid: number): Promise<void> {
  await apiCall('macroKill', { uuid, pid }, { timeoutMs: 15_000 });
}

/** dashboard.md §4: a kill removes the task and puts it on top of History, finished now. */
export function useKillTaskMutation(uuid: string) {
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  const coreId = core ? coreKey(core) : null;
  return useMutation({
    mutationFn: (task: TaskEntry) => killTask(uuid, task.pid),
    onSuccess: (_data, task) => {
      queryClient.setQueryData<TaskEntry[]>(
        getTasksQueryOptions(coreId, uuid).queryKey,
        (tasks) => tasks && withoutTask(tasks, task.pid),
      );
      queryClient.setQueryData<HistoryEntry[]>(
        getHistoryQueryOptions(coreId, uuid).queryKey,
        (history) => history && withFinished(history, task, { type: 'Killed', time: nowSeconds() }),
      );
    },
  });
}
