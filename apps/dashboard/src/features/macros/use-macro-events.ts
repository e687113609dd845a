import type { QueryClient } from '@tanstack/react-query';
import type { HistoryEntry, MacroEventInner, TaskEntry } from '@hearth/protocol';
import { useCacheSync, useHearthEventSubscription } from '@/lib/realtime/event-hooks.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { getHistoryQueryOptions } from './api/get-history.ts';
import { getMacrosQueryOptions } from './api/get-macros.ts';
import { getTasksQueryOptions } from './api/get-tasks.ts';
import { macroKeys } from './api/query-keys.ts';
import { withFinished, withoutTask } from './macro-cache.ts';

interface MacroEvent {
  macro_pid: number;
  macro_event_inner: MacroEventInner;
}

/** One MacroEvent of this instance applied to the cached tables. */
export function applyMacroEvent(
  queryClient: QueryClient,
  coreId: string | null,
  uuid: string,
  event: MacroEvent,
): void {
  const tasksKey = getTasksQueryOptions(coreId, uuid).queryKey;
  const historyKey = getHistoryQueryOptions(coreId, uuid).queryKey;
  const inner = event.macro_event_inner;
  switch (inner.type) {
    case 'Started':
      // The event names only the pid: the task's name and start time come from the core.
      void queryClient.invalidateQueries({ queryKey: tasksKey });
      void queryClient.invalidateQueries({
        queryKey: getMacrosQueryOptions(coreId, uuid).queryKey,
      });
      return;
    case 'Stopped': {
      const task = queryClient
        .getQueryData<TaskEntry[]>(tasksKey)
        ?.find((t) => t.pid === event.macro_pid);
      queryClient.setQueryData<TaskEntry[]>(
        tasksKey,
        (tasks) => tasks && withoutTask(tasks, event.macro_pid),
      );
      if (task)
        queryClient.setQueryData<HistoryEntry[]>(
          historyKey,
          (history) => history && withFinished(history, task, inner.exit_status),
        );
      else void queryClient.invalidateQueries({ queryKey: historyKey });
      return;
    }
    case 'Detach':
      return;
  }
}

/**
 * Keeps All Macros, Running Tasks and History current from the event stream (live events of this
 * instance), and refetches them after an event-stream gap. A Hearth core also says when something
 * under `macros/` changed (a folder added through Files or the API): the list is refetched then.
 */
export function useMacroEvents(uuid: string, enabled: boolean): void {
  const core = useCurrentCore();
  const coreId = core ? coreKey(core) : null;
  useCacheSync(
    (event, { queryClient }) => {
      const inner = event.event_inner;
      if (!enabled || inner.type !== 'MacroEvent' || inner.instance_uuid !== uuid) return;
      applyMacroEvent(queryClient, coreId, uuid, inner);
    },
    ({ queryClient }) => {
      if (enabled)
        void queryClient.invalidateQueries({ queryKey: macroKeys.instance(coreId, uuid) });
    },
  );
  useHearthEventSubscription((event, { queryClient }) => {
    if (!enabled || event.type !== 'MacrosChanged' || event.instance_uuid !== uuid) return;
    void queryClient.invalidateQueries({ queryKey: getMacrosQueryOptions(coreId, uuid).queryKey });
  });
}
