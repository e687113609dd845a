import { useEventResync, useEventSubscription } from '@/lib/realtime/event-hooks.ts';
import { getSession } from '@/lib/session.ts';
import { getRunnerStatusQueryOptions } from './api/get-runner-status.ts';
import type { RunnerStatus } from './runner-status.ts';
import { nextRunnerStatus } from './runner-status.ts';

/**
 * Keeps the runner status (`['playitgg', core, 'status']`) current from `PlayitggRunnerEvent`s
 * (dashboard.md §4: "Status is synced from the notifications cache"); after a gap in the stream the
 * core is asked again. Mount once, at the root.
 */
export function useRunnerStatusSync(): void {
  useEventSubscription((event, { fresh, queryClient }) => {
    if (event.event_inner.type !== 'PlayitggRunnerEvent') return;
    const key = getRunnerStatusQueryOptions(getSession().current, true).queryKey;
    const current = queryClient.getQueryData<RunnerStatus>(key);
    const next = nextRunnerStatus(current, event, fresh);
    if (next !== undefined && next !== current) queryClient.setQueryData(key, next);
  });
  useEventResync(({ queryClient }) => {
    const core = getSession().current;
    if (core)
      void queryClient.invalidateQueries({
        queryKey: getRunnerStatusQueryOptions(core, true).queryKey,
      });
  });
}
