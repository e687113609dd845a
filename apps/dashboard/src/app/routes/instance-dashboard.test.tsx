import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { emptyPermissions } from '@hearth/protocol';
import type { EventInner } from '@hearth/protocol';
import {
  clientEvent,
  globalSettings,
  instanceEvent,
  instanceInfo,
  publicUser,
} from '@/test/fixtures.ts';
import { openEventSocket, renderApp, signInWithInstances } from '@/test/render-app.tsx';
import { activateLocale } from '@/lib/i18n/i18n.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const OWNER = publicUser({ is_owner: true });

const list = () => screen.getByRole('list', { name: 'Instance list' });
const findList = () => screen.findByRole('list', { name: 'Instance list' });

describe('sidebar instance list (dashboard.md §2, §4)', () => {
  it('lists instances with their state and follows state, error, creation and delete events', async () => {
    signInWithInstances(OWNER, [instanceInfo({ uuid: 'A', name: 'Alpha' })]);
    const { queryClient } = renderApp('/');
    expect(
      await within(await findList()).findByRole('button', { name: 'Alpha (Stopped)' }),
    ).toBeInTheDocument();
    const socket = await openEventSocket(queryClient);

    act(() => socket.push(instanceEvent('A', 'Alpha', { type: 'StateTransition', to: 'Running' })));
    expect(
      await within(list()).findByRole('button', { name: 'Alpha (Running)' }),
    ).toBeInTheDocument();
    act(() => socket.push(instanceEvent('A', 'Alpha', { type: 'InstanceError', message: 'boom' })));
    expect(
      await within(list()).findByRole('button', { name: 'Alpha (Error)' }),
    ).toBeInTheDocument();

    const progression = (
      inner: Extract<EventInner, { type: 'ProgressionEvent' }>['progression_event_inner'],
    ) => clientEvent({ type: 'ProgressionEvent', event_id: '42', progression_event_inner: inner });
    act(() =>
      socket.push(
        progression({
          type: 'ProgressionStart',
          progression_name: 'Setting up Beta',
          total: 100,
          inner: { type: 'InstanceCreation', instance_uuid: 'B' },
        }),
      ),
    );
    act(() =>
      socket.push(
        progression({ type: 'ProgressionUpdate', progress_message: 'Downloading', progress: 100 }),
      ),
    );
    const placeholder = await within(list()).findByRole('listitem', { name: 'Setting up Beta' });
    await vi.waitFor(() => expect(placeholder).toHaveTextContent('99%'));
    expect(within(placeholder).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '99');
    expect(placeholder).toHaveTextContent('99%');

    const beta = instanceInfo({ uuid: 'B', name: 'Beta' });
    act(() =>
      socket.push(
        progression({
          type: 'ProgressionEnd',
          success: true,
          message: 'Instance created successfully',
          inner: { type: 'InstanceCreation', ...beta },
        }),
      ),
    );
    expect(
      await within(list()).findByRole('button', { name: 'Beta (Stopped)' }),
    ).toBeInTheDocument();
    expect(
      within(list()).queryByRole('listitem', { name: 'Setting up Beta' }),
    ).not.toBeInTheDocument();

    act(() =>
      socket.push(
        clientEvent({
          type: 'ProgressionEvent',
          event_id: '43',
          progression_event_inner: {
            type: 'ProgressionEnd',
            success: true,
            message: null,
            inner: { type: 'InstanceDelete', instance_uuid: 'A' },
          },
        }),
      ),
    );
    await vi.waitFor(() =>
      expect(within(list()).queryByRole('button', { name: /Alpha/ })).not.toBeInTheDocument(),
    );
  });

  it('shows player joins in the notification panel', async () => {
    signInWithInstances(OWNER, [instanceInfo({ uuid: 'A', name: 'Alpha', state: 'Running' })]);
    const { user, queryClient } = renderApp('/');
    await within(await findList()).findByRole('button', { name: 'Alpha (Running)' });
    const socket = await openEventSocket(queryClient);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications at the moment!')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const steve = { type: 'MinecraftPlayer' as const, name: 'Steve', uuid: null };
    act(() =>
      socket.push(
        instanceEvent('A', 'Alpha', {
          type: 'PlayerChange',
          player_list: [steve],
          players_joined: [steve],
          players_left: [],
        }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    const panel = await screen.findByRole('dialog', { name: 'Notification panel' });
    expect(within(panel).getByRole('region', { name: 'All Notifications' })).toHaveTextContent(
      'Steve Joined Alpha',
    );
    // A long title wraps rather than being cut: a finger cannot hover for a tooltip.
    for (const cut of panel.querySelectorAll('.truncate')) expect(cut).toBeEmptyDOMElement();
  });

  it('selecting an instance opens its overview', async () => {
    signInWithInstances(OWNER, [instanceInfo({ uuid: 'A', name: 'Alpha' })]);
    const { user, router } = renderApp('/');
    await user.click(
      await within(await findList()).findByRole('button', { name: 'Alpha (Stopped)' }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    expect(new URLSearchParams(router.state.location.search).get('instance')).toBe('A');
  });
});

describe('instance dashboard (dashboard.md §2)', () => {
  it("shows the tabs in spec order (then Hearth's), the actions of the state and the New instance... button", async () => {
    signInWithInstances(OWNER, [instanceInfo({ uuid: 'A', name: 'Alpha', state: 'Running' })]);
    renderApp('/dashboard/logs?instance=A');
    const nav = await screen.findByRole('navigation', { name: 'Instance tabs' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Overview',
      'Settings',
      'Console',
      'Files',
      'Macros',
      'Event Logs',
      'Backups',
      'Schedules',
      'Players',
      'Add-ons',
    ]);
    expect(within(nav).getByRole('button', { name: 'Event Logs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const panel = screen.getByRole('region', { name: 'Selected instance' });
    expect(within(panel).getByText('SELECTED INSTANCE')).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Restart' })).toBeEnabled();
    expect(within(panel).queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New instance...' })).toBeEnabled();
    expect(await screen.findByRole('table', { name: 'Event log' })).toBeInTheDocument();
  });

  it('gates the actions and New instance... by permission', async () => {
    const viewer = publicUser({
      permissions: { ...emptyPermissions(), can_view_instance: ['A'], can_stop_instance: ['A'] },
    });
    const calls = signInWithInstances(viewer, [
      instanceInfo({ uuid: 'A', name: 'Alpha', state: 'Stopped' }),
    ]);
    const { user } = renderApp('/dashboard/logs?instance=A');
    const panel = await screen.findByRole('region', { name: 'Selected instance' });
    const start = await within(panel).findByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    expect(start).toHaveAttribute('title', 'No permission');
    await user.click(start);
    expect(calls.callsTo('PUT', '/instance/A/start')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'No permission' })).toBeDisabled();
  });

  it('runs an action with PUT /instance/{id}/{action}', async () => {
    const calls = signInWithInstances(
      OWNER,
      [instanceInfo({ uuid: 'A', name: 'Alpha', state: 'Starting' })],
      {
        'PUT /instance/A/kill': { body: 'ok' },
      },
    );
    const { user } = renderApp('/dashboard/logs?instance=A');
    const panel = await screen.findByRole('region', { name: 'Selected instance' });
    await user.click(await within(panel).findByRole('button', { name: 'Kill' }));
    await vi.waitFor(() => expect(calls.callsTo('PUT', '/instance/A/kill')).toHaveLength(1));
  });

  it('shows Playitgg only when playit_enabled, and {tab} not found for other tabs', async () => {
    signInWithInstances(OWNER, [instanceInfo({ uuid: 'A', name: 'Alpha' })], {
      'GET /global_settings': { body: globalSettings({ playit_enabled: true }) },
    });
    renderApp('/dashboard/tunnels?instance=A');
    const nav = await screen.findByRole('navigation', { name: 'Instance tabs' });
    expect(await within(nav).findByRole('button', { name: 'Playitgg' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'tunnels not found' })).toBeInTheDocument();
  });

  it('in German: the tab names, the tab area and {tab} not found (issue 29)', async () => {
    await activateLocale('de');
    signInWithInstances(OWNER, [instanceInfo({ uuid: 'A', name: 'Alpha' })]);
    renderApp('/dashboard/tunnels?instance=A');
    const nav = await screen.findByRole('navigation', { name: 'Instanz-Tabs' });
    expect(within(nav).getByRole('button', { name: 'Übersicht' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Ereignisprotokolle' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Sicherungen' })).toBeInTheDocument();
    const area = screen.getByRole('region', { name: 'Instanz-Tab' });
    expect(
      await within(area).findByRole('heading', { name: 'tunnels nicht gefunden' }),
    ).toBeInTheDocument();
  });

  it('hides Add-ons while the owner has turned Modrinth off (issue 27)', async () => {
    signInWithInstances(OWNER, [instanceInfo({ uuid: 'A', name: 'Alpha' })], {
      'GET /global_settings': { body: globalSettings({ modrinth_enabled: false }) },
    });
    renderApp('/dashboard/addons?instance=A');
    const nav = await screen.findByRole('navigation', { name: 'Instance tabs' });
    expect(await screen.findByRole('heading', { name: 'addons not found' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Add-ons' })).not.toBeInTheDocument();
  });

  it('an instance the core does not know goes to / (dashboard.md §2, issue 15 #6)', async () => {
    signInWithInstances(OWNER, [instanceInfo({ uuid: 'A', name: 'Alpha' })]);
    const { router } = renderApp('/dashboard/overview?instance=nope');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(new URLSearchParams(router.state.location.search).has('instance')).toBe(false);
    expect(screen.queryByText('Instance not found')).not.toBeInTheDocument();
  });

  it('after Delete the deleted instance is deselected and home shows (issue 15 #6)', async () => {
    let deleted = false;
    signInWithInstances(OWNER, [], {
      'GET /instance/list': () => ({
        body: deleted ? [] : [instanceInfo({ uuid: 'A', name: 'Alpha' })],
      }),
      'GET /instance/A/settings': {
        body: { auto_start: false, restart_on_crash: false, setting_sections: {} },
      },
      'DELETE /instance/A': () => {
        deleted = true;
        return { body: null };
      },
    });
    const { router, user } = renderApp('/dashboard/settings?instance=A');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      await screen.findByRole('button', { name: 'I understand, delete this instance' }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(new URLSearchParams(router.state.location.search).has('instance')).toBe(false);
  });

  it('without a selected instance: a 1 s loading screen, then Instance not found', async () => {
    signInWithInstances(OWNER, [instanceInfo({ uuid: 'A', name: 'Alpha' })]);
    renderApp('/dashboard/overview');
    await within(await screen.findByRole('list', { name: 'Instance list' })).findByRole('button', {
      name: /Alpha/,
    });
    expect(screen.queryByText('Instance not found')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Instance tab' })).getByRole('status', {
        name: 'Loading',
      }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Instance not found' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });
});
