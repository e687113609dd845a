import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { emptyPermissions } from '@hearth/protocol';
import type { ClientEvent, InstanceInfo, PublicUser, UserEventInner } from '@hearth/protocol';
import { FakeSocket } from '@/test/fake-socket.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, instanceInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp, signInAs } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const owner = publicUser({ uid: 'U_OWNER', username: 'zoe', is_owner: true });
const alice = publicUser({ uid: 'U_ALICE', username: 'alice', is_admin: true });
const bob = publicUser({ uid: 'U_BOB', username: 'Bob' });

function instance(uuid: string, name: string): InstanceInfo {
  return instanceInfo({ uuid, name, description: '', path: `/data/${name}` });
}

function userEvent(userId: string, inner: UserEventInner): ClientEvent {
  return {
    event_inner: { type: 'UserEvent', user_id: userId, user_event_inner: inner },
    details: '',
    snowflake: String(Date.now()),
    level: 'Info',
    caused_by: { type: 'System' },
  };
}

interface Options {
  me?: PublicUser;
  users?: PublicUser[];
  safeMode?: boolean;
  routes?: Record<string, FakeHandler>;
}

async function openUsers(path = '/settings/users', options: Options = {}) {
  const me = options.me ?? owner;
  connectTo(TEST_CORE, validJwt(me.uid));
  const users = options.users ?? [bob, owner, alice];
  const net = installFakeFetch(
    coreRoutes({
      'GET /info': { body: coreInfo() },
      'GET /user/info': { body: me },
      'GET /user/list': () => ({ body: users }),
      'GET /global_settings': {
        body: {
          core_name: 'Test Core',
          safe_mode: options.safeMode ?? false,
          domain: null,
          playit_enabled: false,
        },
      },
      'GET /instance/list': { body: [instance('I_1', 'Survival'), instance('I_2', 'Creative')] },
      'PUT /user/U_BOB/update_perm': { body: null },
      ...options.routes,
    }),
  );
  const app = renderApp(path);
  return { ...app, net, users };
}

const eventSocket = () => FakeSocket.lastTo('/events/all/stream');

describe('settings nav (dashboard.md §2)', () => {
  it('has back, CORE, ACCOUNT, Unselect User and the user list: you first, then alphabetical', async () => {
    await openUsers();
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'General' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    // Owner-only items follow the user info, which may arrive after the nav is drawn.
    expect(await within(nav).findByRole('button', { name: 'Unselect User' })).toBeDisabled();
    const list = await within(nav).findByRole('list', { name: 'Users' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['zoe(You)', 'alice', 'Bob']);
    expect(screen.queryByRole('region', { name: 'Instances' })).not.toBeInTheDocument();
  });

  it('back returns to the last visited route', async () => {
    signInAs(owner, { 'GET /user/list': { body: [owner] } });
    const { user, router } = renderApp('/dashboard/console?instance=I_1');
    // The Settings button's tooltip loads under the mouse and replaces the button (userEvent
    // would send the click to the replaced one): hover, then click the button that is there.
    await user.hover(await screen.findByRole('button', { name: 'Settings' }));
    await screen.findByRole('tooltip', { name: 'Settings' });
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('link', { name: 'Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/console'));
  });

  it('selecting a user sets ?user= and Unselect User clears it', async () => {
    const { user, router } = await openUsers();
    const list = await screen.findByRole('list', { name: 'Users' });
    await user.click(within(list).getByRole('button', { name: 'Bob' }));
    await vi.waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('user')).toBe('U_BOB'),
    );
    expect(await screen.findByRole('heading', { name: 'Bob', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unselect User' }));
    await vi.waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).has('user')).toBe(false),
    );
    expect(await screen.findByRole('heading', { name: 'All Members (3)' })).toBeInTheDocument();
  });

  it('never fetches the user list for anyone but the owner', async () => {
    const { net } = await openUsers('/settings/users', { me: bob, users: [bob] });
    expect(await screen.findByText('Only the owner can manage users.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unselect User' })).not.toBeInTheDocument();
    expect(net.callsTo('GET', '/user/list')).toHaveLength(0);
  });
});

describe('All Members (dashboard.md §2, §6)', () => {
  it('counts the members and labels You, Admin and Owner', async () => {
    await openUsers();
    expect(await screen.findByRole('heading', { name: 'All Members (3)' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('button')[0]!.textContent)).toEqual([
      'zoeYouOwner',
      'aliceAdmin',
      'Bob',
    ]);
  });

  it('offers Change Password and Delete User for others, never for yourself', async () => {
    const { user } = await openUsers();
    await screen.findByRole('heading', { name: 'All Members (3)' });
    expect(screen.queryByRole('button', { name: 'Actions for zoe' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Bob' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Change Password', 'Delete User']);
  });

  it('deleting removes the row at once', async () => {
    let answer: (() => void) | undefined;
    const { user, net } = await openUsers('/settings/users', {
      routes: {
        'DELETE /user/U_BOB': () =>
          new Promise((resolve) => (answer = () => resolve({ body: 'ok' }))),
      },
    });
    await screen.findByRole('heading', { name: 'All Members (3)' });
    await user.click(screen.getByRole('button', { name: 'Actions for Bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Bob"' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    await vi.waitFor(() => expect(net.callsTo('DELETE', '/user/U_BOB')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'All Members (2)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Members' })).queryByText('Bob'),
    ).not.toBeInTheDocument();
    answer?.();
  });

  it('a refused delete brings the row back with a toast', async () => {
    const { user } = await openUsers('/settings/users', {
      routes: {
        'DELETE /user/U_BOB': { status: 403, body: { kind: 'PermissionDenied', causes: ['Nope'] } },
      },
    });
    await screen.findByRole('heading', { name: 'All Members (3)' });
    await user.click(screen.getByRole('button', { name: 'Actions for Bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete User' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete User' }),
    );
    expect(
      await screen.findByText('Could not delete Bob: Permission Denied: Nope'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Members (3)' })).toBeInTheDocument();
  });

  it("changes another user's password without asking for the old one", async () => {
    const { user, net } = await openUsers('/settings/users', {
      routes: { 'PUT /user/U_BOB/password': { body: null } },
    });
    await screen.findByRole('heading', { name: 'All Members (3)' });
    await user.click(screen.getByRole('button', { name: 'Actions for Bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).queryByLabelText('Old Password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password confirmation is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New Password'), 'hunter2');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'hunter3');
    expect(within(dialog).getByText('Passwords must match')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Confirm Password'), '{Backspace}2{Enter}');
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/user/U_BOB/password')[0]?.body).toEqual({
        uid: 'U_BOB',
        old_password: null,
        new_password: 'hunter2',
      }),
    );
    expect(await screen.findByText('Password of Bob changed')).toBeInTheDocument();
  });
});

describe('Create New User (dashboard.md §5)', () => {
  it('checks username and password, then creates and refreshes the list', async () => {
    const users = [owner];
    const { user, net } = await openUsers('/settings/users', {
      users,
      routes: {
        'POST /user': (request) => {
          const { username } = request.body as { username: string };
          const created = publicUser({ uid: 'U_NEW', username });
          users.push(created);
          return { body: { token: validJwt('U_NEW'), user: created } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New User' });
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password confirmation is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Username'), 'carol');
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.type(within(dialog).getByLabelText('Password confirmation'), 'secreT');
    expect(within(dialog).getByText('Passwords must match')).toBeInTheDocument();
    expect(net.callsTo('POST', '/user')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Password confirmation'));
    await user.type(within(dialog).getByLabelText('Password confirmation'), 'secret{Enter}');
    await vi.waitFor(() =>
      expect(net.callsTo('POST', '/user')[0]?.body).toEqual({
        username: 'carol',
        password: 'secret',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'All Members (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the core refusal in the dialog', async () => {
    const { user } = await openUsers('/settings/users', {
      routes: {
        'POST /user': {
          status: 400,
          body: { kind: 'BadRequest', causes: ['Username already exist'] },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New User' });
    await user.type(within(dialog).getByLabelText('Username'), 'Bob');
    await user.type(within(dialog).getByLabelText('Password'), 'x');
    await user.type(within(dialog).getByLabelText('Password confirmation'), 'x{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Bad Request: Username already exist',
    );
  });
});

describe('permission editor (dashboard.md §6)', () => {
  it('shows toggles and instance lists; a change sends the full permissions object', async () => {
    const { user, net } = await openUsers('/settings/users?user=U_BOB');
    await screen.findByRole('heading', { name: 'Bob', level: 1 });
    await user.click(screen.getByRole('switch', { name: 'Create instances' }));
    await vi.waitFor(() => expect(net.callsTo('PUT', '/user/U_BOB/update_perm')).toHaveLength(1));
    expect(net.callsTo('PUT', '/user/U_BOB/update_perm')[0]?.body).toEqual({
      ...emptyPermissions(),
      can_create_instance: true,
    });
    expect(screen.getByRole('switch', { name: 'Create instances' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: /^View instance: / }));
    const options = await screen.findByRole('group', { name: 'View instance' });
    expect(options).toHaveStyle({ maxHeight: '15rem' });
    expect(
      within(options)
        .getAllByRole('checkbox')
        .map((c) => c.textContent),
    ).toEqual(['Survival', 'Creative']);
    await user.click(within(options).getByRole('checkbox', { name: 'Creative' }));
    await vi.waitFor(() => expect(net.callsTo('PUT', '/user/U_BOB/update_perm')).toHaveLength(2));
    expect(net.callsTo('PUT', '/user/U_BOB/update_perm')[1]?.body).toEqual({
      ...emptyPermissions(),
      can_create_instance: true,
      can_view_instance: ['I_2'],
    });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: /^View instance: / })).toHaveTextContent('Creative');
  });

  it('a change shows at once, before the core answers', async () => {
    let answer: (() => void) | undefined;
    const { user, net } = await openUsers('/settings/users?user=U_BOB', {
      routes: {
        'PUT /user/U_BOB/update_perm': () =>
          new Promise((resolve) => (answer = () => resolve({ body: null }))),
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Stop instance: / }));
    const box = within(await screen.findByRole('group', { name: 'Stop instance' })).getByRole(
      'checkbox',
      { name: 'Survival' },
    );
    await user.click(box);
    expect(box).toBeChecked();
    await vi.waitFor(() => expect(net.callsTo('PUT', '/user/U_BOB/update_perm')).toHaveLength(1));
    expect(box).toBeChecked();
    answer?.();
  });

  it('a refused change is undone and shown in a toast', async () => {
    const { user } = await openUsers('/settings/users?user=U_BOB', {
      routes: {
        'PUT /user/U_BOB/update_perm': {
          status: 403,
          body: { kind: 'PermissionDenied', causes: ['No'] },
        },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Delete instances' });
    await user.click(toggle);
    expect(
      await screen.findByText('Could not update permissions: Permission Denied: No'),
    ).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('disables the Unsafe Settings section while safe mode is on', async () => {
    await openUsers('/settings/users?user=U_BOB', { safeMode: true });
    const unsafe = await screen.findByRole('region', { name: 'Unsafe Settings' });
    expect(within(unsafe).getByText(/Safe mode is on/)).toBeInTheDocument();
    for (const name of ['Write resources', 'Access macros', 'Write files']) {
      // A picker is named by what it is and what it shows ("Write files: No instances").
      expect(within(unsafe).getByRole('button', { name: `${name}: No instances` })).toBeDisabled();
    }
    for (const name of ['Write global files', 'Manage permissions']) {
      expect(within(unsafe).getByRole('switch', { name })).toBeDisabled();
    }
    expect(screen.getByRole('switch', { name: 'Create instances' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^View instance: / })).toBeEnabled();
  });

  it('enables the Unsafe Settings section when safe mode is off', async () => {
    await openUsers('/settings/users?user=U_BOB', { safeMode: false });
    const unsafe = await screen.findByRole('region', { name: 'Unsafe Settings' });
    expect(within(unsafe).getByRole('button', { name: 'Write files: No instances' })).toBeEnabled();
    expect(within(unsafe).getByRole('switch', { name: 'Manage permissions' })).toBeEnabled();
  });

  it('the owner has nothing to edit', async () => {
    await openUsers('/settings/users?user=U_OWNER');
    expect(await screen.findByText('The owner has every permission.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('follows permission changes made elsewhere, live', async () => {
    await openUsers('/settings/users?user=U_BOB');
    const toggle = await screen.findByRole('switch', { name: 'Read global files' });
    expect(toggle).not.toBeChecked();
    await vi.waitFor(() => eventSocket());
    act(() =>
      eventSocket().push(
        userEvent('U_BOB', {
          type: 'PermissionChanged',
          new_permissions: { ...emptyPermissions(), can_read_global_file: true },
        }),
      ),
    );
    await vi.waitFor(() => expect(toggle).toBeChecked());
  });
});

describe('user events on the list (dashboard.md §4)', () => {
  it('created → the list is fetched again; deleted → the row goes', async () => {
    const users = [owner, bob];
    const { net } = await openUsers('/settings/users', { users });
    await screen.findByRole('heading', { name: 'All Members (2)' });
    await vi.waitFor(() => eventSocket());
    users.push(alice);
    act(() => eventSocket().push(userEvent('U_ALICE', { type: 'UserCreated' })));
    expect(await screen.findByRole('heading', { name: 'All Members (3)' })).toBeInTheDocument();
    expect(net.callsTo('GET', '/user/list').length).toBeGreaterThanOrEqual(2);
    act(() => eventSocket().push(userEvent('U_BOB', { type: 'UserDeleted' })));
    expect(await screen.findByRole('heading', { name: 'All Members (2)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Members' })).queryByText('Bob'),
    ).not.toBeInTheDocument();
  });
});
