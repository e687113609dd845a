import type { QueryClient } from '@tanstack/react-query';
import type { ClientEvent, PublicUser } from '@hearth/protocol';
import { useCoreCacheSync } from '@/lib/realtime/event-hooks.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getUserListQueryOptions } from './api/get-user-list.ts';

/**
 * dashboard.md §4 "User events" for the member list: created → refetched; deleted → removed;
 * permission and name changes → patched in place. (The signed-in user's own record is kept by
 * the auth feature's user event sync.)
 */
export function applyUserListEvent(
  event: ClientEvent,
  queryClient: QueryClient,
  core: CoreConnection,
): void {
  const inner = event.event_inner;
  if (inner.type !== 'UserEvent') return;
  const key = getUserListQueryOptions(core, true).queryKey;
  if (queryClient.getQueryData(key) === undefined) return;
  const change = inner.user_event_inner;
  const patch = (fn: (user: PublicUser) => PublicUser) =>
    queryClient.setQueryData<PublicUser[]>(key, (list) =>
      list?.map((u) => (u.uid === inner.user_id ? fn(u) : u)),
    );
  switch (change.type) {
    case 'UserCreated':
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    case 'UserDeleted':
      queryClient.setQueryData<PublicUser[]>(key, (list) =>
        list?.filter((u) => u.uid !== inner.user_id),
      );
      return;
    case 'PermissionChanged':
      patch((u) => ({ ...u, permissions: change.new_permissions }));
      return;
    case 'UsernameChanged':
      patch((u) => ({ ...u, username: change.new_username }));
      return;
    case 'UserLoggedIn':
    case 'UserLoggedOut':
      return;
  }
}

/** Mounted once (root layout): keeps a fetched member list current from the event stream. */
export function useUserListEventSync(): void {
  // After a gap: members may have come, gone or changed beyond what the buffer replayed.
  useCoreCacheSync(applyUserListEvent, (core) => getUserListQueryOptions(core, true).queryKey);
}
