import { useCallback } from 'react';
import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { EMPTY_NOTIFICATIONS, markAllSeen } from './notification-state.ts';
import type { NotificationState, OngoingProgress } from './notification-state.ts';

// The notifications live in the query cache (conventions.md habit 2: socket frames update the
// cache, no second store), per core, filled from the event stream by useNotificationSync
// (use-notification-sync.ts).

export function getNotificationsQueryOptions(core: CoreConnection | null) {
  return queryOptions<NotificationState>({
    queryKey: ['notifications', core ? coreKey(core) : null] as const,
    queryFn: skipToken,
    initialData: EMPTY_NOTIFICATIONS,
    gcTime: Infinity,
  });
}

export function useNotifications(): NotificationState {
  return useQuery(getNotificationsQueryOptions(useCurrentCore())).data ?? EMPTY_NOTIFICATIONS;
}

/** Instance creations under way, for the sidebar placeholders. */
export function useOngoingCreations(): OngoingProgress[] {
  return useNotifications().ongoing.filter((o) => o.creationOf !== null);
}

export function useMarkNotificationsSeen(): () => void {
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  return useCallback(() => {
    const key = getNotificationsQueryOptions(core).queryKey;
    const state = queryClient.getQueryData<NotificationState>(key);
    if (state) queryClient.setQueryData(key, markAllSeen(state));
  }, [queryClient, core]);
}
