import { describe, expect, it } from 'vitest';
import { emptyPermissions } from '@hearth/protocol';
import type { ClientEvent, PublicUser, UserEventInner } from '@hearth/protocol';
import { createQueryClient } from '@/lib/query-client.ts';
import { TEST_CORE, publicUser } from '@/test/fixtures.ts';
import { getUserListQueryOptions } from './api/get-user-list.ts';
import { applyUserListEvent } from './user-list-events.ts';

function userEvent(user_id: string, user_event_inner: UserEventInner): ClientEvent {
  return {
    event_inner: { type: 'UserEvent', user_id, user_event_inner },
    details: '',
    snowflake: '1',
    level: 'Info',
    caused_by: { type: 'System' },
  };
}

const key = getUserListQueryOptions(TEST_CORE, true).queryKey;

function withList(users: PublicUser[]) {
  const queryClient = createQueryClient({ retry: false });
  queryClient.setQueryData(key, users);
  return queryClient;
}

describe('user events on the member list (dashboard.md §4)', () => {
  const alice = publicUser({ uid: 'U1', username: 'alice' });
  const bob = publicUser({ uid: 'U2', username: 'bob' });

  it('created → the list is refetched', () => {
    const queryClient = withList([alice]);
    applyUserListEvent(userEvent('U3', { type: 'UserCreated' }), queryClient, TEST_CORE);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('deleted → the row leaves the list', () => {
    const queryClient = withList([alice, bob]);
    applyUserListEvent(userEvent('U2', { type: 'UserDeleted' }), queryClient, TEST_CORE);
    expect(queryClient.getQueryData<PublicUser[]>(key)?.map((u) => u.uid)).toEqual(['U1']);
  });

  it('permission and name changes are patched into that row only', () => {
    const queryClient = withList([alice, bob]);
    const granted = { ...emptyPermissions(), can_view_instance: ['I1'] };
    applyUserListEvent(
      userEvent('U2', { type: 'PermissionChanged', new_permissions: granted }),
      queryClient,
      TEST_CORE,
    );
    applyUserListEvent(
      userEvent('U2', { type: 'UsernameChanged', new_username: 'robert' }),
      queryClient,
      TEST_CORE,
    );
    const list = queryClient.getQueryData<PublicUser[]>(key)!;
    expect(list[1]).toMatchObject({ username: 'robert', permissions: granted });
    expect(list[0]).toEqual(alice);
  });

  it('does nothing while no list was fetched (non-owners)', () => {
    const queryClient = createQueryClient({ retry: false });
    applyUserListEvent(userEvent('U2', { type: 'UserCreated' }), queryClient, TEST_CORE);
    expect(queryClient.getQueryState(key)).toBeUndefined();
  });
});
