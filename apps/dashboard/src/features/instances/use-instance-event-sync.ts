import type { InstanceInfo } from '@hearth/protocol';
import { useCoreCacheSync } from '@/lib/realtime/event-hooks.ts';
import { getInstancesQueryOptions } from './api/get-instances.ts';
import { applyInstanceEvent } from './instance-list-events.ts';

/**
 * Keeps the cached instance list live from the event stream (dashboard.md §4). Only fresh events
 * count: the list itself is fetched fresh, and replaying older history over it could bring back
 * old states. After a gap the missed events arrive fresh, and the list is fetched again in case
 * more happened than the core's buffer holds.
 */
export function useInstanceEventSync(): void {
  useCoreCacheSync(
    (event, queryClient, core) => {
      const key = getInstancesQueryOptions(core, true).queryKey;
      const list = queryClient.getQueryData<InstanceInfo[]>(key);
      if (!list) return;
      const next = applyInstanceEvent(list, event);
      if (next !== list) queryClient.setQueryData(key, next);
    },
    (core) => getInstancesQueryOptions(core, true).queryKey,
  );
}
