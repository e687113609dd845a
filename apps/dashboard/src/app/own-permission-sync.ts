import type { PublicUser } from '@hearth/protocol';
import { useEventSubscription } from '@/lib/realtime/event-hooks.ts';
import { getSession } from '@/lib/session.ts';
import { getUserInfoQueryOptions } from '@/features/auth/api/get-user-info.ts';
import { getInstancesQueryOptions } from '@/features/instances/api/get-instances.ts';

/**
 * dashboard.md §4 "permission changed" for the signed-in user, across features: the auth feature
 * patches the user's permissions (so every gated control follows at once); here the instance
 * list, which the core filters by can_view_instance, is fetched again so a revoked instance
 * leaves the sidebar and a granted one appears.
 */
export function useOwnPermissionSync(): void {
  useEventSubscription((event, { fresh, queryClient }) => {
    const core = getSession().current;
    const inner = event.event_inner;
    if (
      !fresh ||
      !core ||
      inner.type !== 'UserEvent' ||
      inner.user_event_inner.type !== 'PermissionChanged'
    )
      return;
    const me = queryClient.getQueryData<PublicUser>(getUserInfoQueryOptions(core, true).queryKey);
    if (me?.uid !== inner.user_id) return;
    void queryClient.invalidateQueries({ queryKey: getInstancesQueryOptions(core, true).queryKey });
  });
}
