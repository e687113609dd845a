import type { InstanceInfo } from '@hearth/protocol';
import { useEventSubscription } from '@/lib/realtime.ts';
import { getSession } from '@/lib/session.ts';
import { getInstancesQueryOptions } from './api/get-instances.ts';
import { applyInstanceEvent } from './instance-list-events.ts';

/**
 * Keeps the cached instance list live from the event stream (dashboard.md §4). Only live events
 * count: the list itself is fetched fresh, and replaying the buffer over it could bring back
 * old states.
 */
export function useInstanceEventSync(): void {
  useEventSubscription((event, { fresh, queryClient }) => {
    if (!fresh) return;
    const key = getInstancesQueryOptions(getSession().current, true).queryKey;
    const list = queryClient.getQueryData<InstanceInfo[]>(key);
    if (!list) return;
    const next = applyInstanceEvent(list, event);
    if (next !== list) queryClient.setQueryData(key, next);
  });
}
