import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { emptyPermissions } from '@hearth/protocol';
import type { ClientEvent, UserEventInner } from '@hearth/protocol';
import { getToken } from '@/lib/session.ts';
import { getInstancesQueryOptions } from '@/features/instances/api/get-instances.ts';
import { FakeSocket } from '@/test/fake-socket.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp, signInAs } from '@/test/render-app.tsx';

// Profile also loads its account-security sections (issue 28): on a shared, busy machine its
// longer walks (typed a key at a time) need more than the default five seconds.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const me = publicUser({ uid: 'U_ME', username: 'alice' });
const NOT_LOGGED_IN = "You're not logged in! Please log in to access this page.";

let nextSnowflake = 42;
/** Every event has its own snowflake: the stream delivers each snowflake once. */
function userEvent(userId: string, inner: UserEventInner): ClientEvent {
  nextSnowflake += 1;
  return {
    event_inner: { type: 'UserEvent', user_id: userId, user_event_inner: inner },
    details: '',
    snowflake: String(nextSnowflake),
    level: 'Info',
    caused_by: { type: 'System' },
  };
}

const eventSocket = () => FakeSocket.lastTo('/events/all/stream');

async function openProfile(routes: Record<string, FakeHandler> = {}) {
  const token = validJwt(me.uid);
  connectTo(TEST_CORE, token);
  const net = installFakeFetch(
    coreRoutes({ 'GET /info': { body: coreInfo() }, 'GET /user/info': { body: me }, ...routes }),
  );
  const app = renderApp('/settings/profile');
  await screen.findByRole('heading', { name: 'Profile' });
  await vi.waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('alice'));
  return { ...app, net, token };
}

describe('Profile (dashboard.md §2)', () => {
  it('renames you with PUT /user/:uid/rename', async () => {
    const { user, net } = await openProfile({ 'PUT /user/U_ME/rename': { body: null } });
    const name = screen.getByLabelText('Username');
    await user.clear(name);
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    await user.type(name, 'alicia{Enter}');
    await vi.waitFor(() => expect(net.callsTo('PUT', '/user/U_ME/rename')[0]?.body).toBe('alicia'));
    expect(await screen.findByText('Username changed')).toBeInTheDocument();
  });

  it('changing your own password asks for the old one, then signs in again with the new one', async () => {
    const fresh = validJwt(me.uid).replace('c2lnbmF0dXJl', 'bmV3');
    const { user, net, token } = await openProfile({
      'PUT /user/U_ME/password': { body: null },
      'POST /user/login': (request) => {
        expect(request.headers.get('Authorization')).toBe(`Basic ${btoa('alice:n3w-secret')}`);
        return { body: { token: fresh, user: me } };
      },
    });
    expect(getToken(TEST_CORE)).toBe(token);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(within(dialog).getByText('Old password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password confirmation is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Old Password'), 'old-secret');
    await user.type(within(dialog).getByLabelText('New Password'), 'n3w-secret');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'n3w-secret{Enter}');
    await vi.waitFor(() => expect(getToken(TEST_CORE)).toBe(fresh));
    expect(net.callsTo('PUT', '/user/U_ME/password')[0]?.body).toEqual({
      uid: 'U_ME',
      old_password: 'old-secret',
      new_password: 'n3w-secret',
    });
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
  });

  it('the UserLoggedOut the core sends for that change does not sign you out', async () => {
    const fresh = validJwt(me.uid).replace('c2lnbmF0dXJl', 'bmV3');
    let revoked = false;
    const { user } = await openProfile({
      // Like the core: the old token dies and the event goes out before the answer.
      'GET /user/info': (request) =>
        revoked && request.headers.get('Authorization') !== `Bearer ${fresh}`
          ? { status: 401, body: { kind: 'Unauthorized', causes: ['Token revoked'] } }
          : { body: me },
      'PUT /user/U_ME/password': () => {
        revoked = true;
        eventSocket().push(userEvent('U_ME', { type: 'UserLoggedOut' }));
        return { body: null };
      },
      'POST /user/login': { body: { token: fresh, user: me } },
    });
    await vi.waitFor(() => eventSocket());
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText('Old Password'), 'old');
    await user.type(within(dialog).getByLabelText('New Password'), 'new');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'new{Enter}');
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(getToken(TEST_CORE)).toBe(fresh);
    expect(screen.queryByText('Invalid token')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('a wrong old password is shown in the dialog and nothing changes', async () => {
    const { user, token } = await openProfile({
      'PUT /user/U_ME/password': {
        status: 401,
        body: { kind: 'Unauthorized', causes: ['Credential mismatch'] },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText('Old Password'), 'nope');
    await user.type(within(dialog).getByLabelText('New Password'), 'x');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'x{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Credential mismatch');
    expect(getToken(TEST_CORE)).toBe(token);
  });

  it('signed out: disabled fields and, after 5 seconds, the not-logged-in toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    connectTo(TEST_CORE);
    installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo() } }));
    renderApp('/settings/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.queryByText(NOT_LOGGED_IN)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(await screen.findByText(NOT_LOGGED_IN)).toBeInTheDocument();
  });

  it('signed in: no such toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openProfile();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.queryByText(NOT_LOGGED_IN)).not.toBeInTheDocument();
  });
});

describe('user events for the signed-in user (dashboard.md §4)', () => {
  it('permission changed → my permissions update live (UI gating follows)', async () => {
    signInAs(me);
    renderApp('/');
    const create = await screen.findByRole('button', { name: 'Create a new instance' });
    expect(create).toBeDisabled();
    await vi.waitFor(() => eventSocket());
    act(() =>
      eventSocket().push(
        userEvent('U_ME', {
          type: 'PermissionChanged',
          new_permissions: { ...emptyPermissions(), can_create_instance: true },
        }),
      ),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create a new instance' })).toBeEnabled(),
    );
  });

  it("permission changed → my instance list is fetched again (others' changes leave it alone)", async () => {
    signInAs(me);
    const { queryClient } = renderApp('/');
    await screen.findByRole('button', { name: 'Create a new instance' });
    await vi.waitFor(() => eventSocket());
    const key = getInstancesQueryOptions(TEST_CORE, true).queryKey;
    queryClient.setQueryData(key, []);
    const granted = { ...emptyPermissions(), can_view_instance: ['I_1'] };
    act(() =>
      eventSocket().push(
        userEvent('U_OTHER', { type: 'PermissionChanged', new_permissions: granted }),
      ),
    );
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    act(() =>
      eventSocket().push(
        userEvent('U_ME', { type: 'PermissionChanged', new_permissions: granted }),
      ),
    );
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('deleted → if it is me, I am signed out', async () => {
    signInAs(me);
    renderApp('/');
    await screen.findByRole('button', { name: 'Create a new instance' });
    await vi.waitFor(() => eventSocket());
    act(() => eventSocket().push(userEvent('U_OTHER', { type: 'UserDeleted' })));
    expect(getToken(TEST_CORE)).not.toBeNull();
    act(() => eventSocket().push(userEvent('U_ME', { type: 'UserDeleted' })));
    expect(getToken(TEST_CORE)).toBeNull();
    expect(await screen.findByText('Log in to view your server instances')).toBeInTheDocument();
    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument();
  });
});
