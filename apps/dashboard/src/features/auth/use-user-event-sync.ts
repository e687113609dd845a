import type { QueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { ClientEvent, PublicUser } from '@hearth/protocol';
import { useCoreCacheSync } from '@/lib/realtime/event-hooks.ts';
import { setToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { isRotatingToken } from '@/lib/token-rotation.ts';
import { getUserInfoQueryOptions } from './api/get-user-info.ts';

/**
 * dashboard.md §4 "User events" for the signed-in user: deleted → signed out; permission or
 * name change → patched into the cached user; logged out elsewhere → re-checked (a dead
 * token then answers Unauthorized and is dropped), unless this tab is itself swapping in a new
 * token after a password change. The user list belongs to the users feature.
 */
export function applyUserEvent(
  event: ClientEvent,
  queryClient: QueryClient,
  core: CoreConnection,
): void {
  const inner = event.event_inner;
  if (inner.type !== 'UserEvent') return;
  const key = getUserInfoQueryOptions(core, true).queryKey;
  const me = queryClient.getQueryData<PublicUser>(key);
  if (!me || me.uid !== inner.user_id) return;
  const change = inner.user_event_inner;
  switch (change.type) {
    case 'UserDeleted':
      notify('error', t`Your account was deleted`, { id: 'account-deleted' });
      setToken(core, null);
      return;
    case 'PermissionChanged':
      queryClient.setQueryData<PublicUser>(key, { ...me, permissions: change.new_permissions });
      return;
    case 'UsernameChanged':
      queryClient.setQueryData<PublicUser>(key, { ...me, username: change.new_username });
      return;
    case 'UserLoggedOut':
      if (!isRotatingToken(core)) void queryClient.invalidateQueries({ queryKey: key });
      return;
    case 'UserCreated':
    case 'UserLoggedIn':
      return;
  }
}

export function useUserEventSync(): void {
  // After a gap: the user's permissions or name may have changed, or the token been logged out.
  useCoreCacheSync(applyUserEvent, (core) =>
    isRotatingToken(core) ? null : getUserInfoQueryOptions(core, true).queryKey,
  );
}
