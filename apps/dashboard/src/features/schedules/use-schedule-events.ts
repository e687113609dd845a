import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isScheduleProgressionOf } from '@hearth/protocol';
import { useCacheSync } from '@/lib/realtime/event-hooks.ts';
import { schedulesQueryPrefix } from './api/get-schedules.ts';

/**
 * Each run of a schedule is a progression titled after the schedule and its instance; when one of
 * this instance's starts or ends, the list (next run, last outcome) and the run histories are
 * refetched. Runs go to their author and the owner; others see them on the next refetch.
 */
export function useScheduleEvents(instance: { uuid: string; name: string }): void {
  const queryClient = useQueryClient();
  const runs = useRef(new Set<string>());
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: schedulesQueryPrefix(instance.uuid) });
  useCacheSync((event) => {
    const inner = event.event_inner;
    if (inner.type !== 'ProgressionEvent') return;
    const p = inner.progression_event_inner;
    if (p.type === 'ProgressionStart') {
      if (!isScheduleProgressionOf(p.progression_name, instance.name)) return;
      runs.current.add(inner.event_id);
      refresh();
    } else if (p.type === 'ProgressionUpdate') {
      // A step finished: the open history shows its outcome.
      if (runs.current.has(inner.event_id)) refresh();
    } else if (runs.current.delete(inner.event_id)) refresh();
  }, refresh);
}
