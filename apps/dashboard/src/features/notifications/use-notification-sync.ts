import { useEventSubscription } from '@/lib/realtime/event-hooks.ts';
import { getSession } from '@/lib/session.ts';
import { applyNotificationEvent } from './notification-events.ts';
import { EMPTY_NOTIFICATIONS } from './notification-state.ts';
import type { NotificationState } from './notification-state.ts';
import { getNotificationsQueryOptions } from './use-notifications.ts';

/** Feeds every event (buffered and live) into the notification state; mount once, at the root. */
export function useNotificationSync(): void {
  useEventSubscription((event, { fresh, queryClient }) => {
    const key = getNotificationsQueryOptions(getSession().current).queryKey;
    const state = queryClient.getQueryData<NotificationState>(key) ?? EMPTY_NOTIFICATIONS;
    const next = applyNotificationEvent(state, event, fresh);
    if (next !== state) queryClient.setQueryData(key, next);
  });
}
