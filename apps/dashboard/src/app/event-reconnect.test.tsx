import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { emptyPermissions } from '@hearth/protocol';
import type { ClientEvent, InstanceInfo, InstanceState, PublicUser } from '@hearth/protocol';
import { FakeSocket } from '@/test/fake-socket.ts';
import { globalSettings, instanceInfo, publicUser, instanceEvent } from '@/test/fixtures.ts';
import { ManualTimers } from '@/test/manual-timers.ts';
import { renderApp, signInAs } from '@/test/render-app.tsx';

// Issue 9: events the core sent while the event socket was down must not be lost. After a
// network blip the sidebar showed a stopped server as running. The same holds before the socket
// first opens: a page opened right after a start fetched the list while the server was Starting,
// and the Running change came before the socket could hear it (the stream does not replay).

afterEach(() => {
  vi.unstubAllGlobals();
});

const OWNER = publicUser({ is_owner: true });

const transition = (to: InstanceState) =>
  instanceEvent('A', 'Alpha', { type: 'StateTransition', to });

/** A core whose instance list and event buffer the test changes, as the real one would. */
function fakeCore(user: PublicUser = OWNER, state: InstanceState = 'Running') {
  const core = { alpha: instanceInfo({ uuid: 'A', name: 'Alpha', state }), user };
  const buffer: ClientEvent[] = [];
  const calls = signInAs(user, {
    'GET /user/info': () => ({ body: core.user }),
    'GET /global_settings': { body: globalSettings() },
    'GET /instance/list': () => ({ body: [core.alpha] satisfies InstanceInfo[] }),
    'GET /events/all/buffer': () => ({ body: buffer }),
  });
  /** The instance changes state on the core: its list answers so, and the buffer keeps the event. */
  const change = (to: InstanceState) => {
    core.alpha = { ...core.alpha, state: to };
    const event = transition(to);
    buffer.push(event);
    return event;
  };
  /** The owner changes the user's permissions; a non-owner is not shown user events. */
  const grant = (permissions: PublicUser['permissions']) => {
    core.user = { ...core.user, permissions };
  };
  return { calls, change, grant };
}

function liveEventSockets(): FakeSocket[] {
  return FakeSocket.instances.filter(
    (s) => s.url.includes('/events/all/stream') && s.closedWith === null,
  );
}

async function openEventSocket(count: number): Promise<FakeSocket> {
  await vi.waitFor(() => expect(liveEventSockets()).toHaveLength(count));
  const socket = liveEventSockets().at(-1)!;
  act(() => socket.open());
  return socket;
}

const list = () => screen.getByRole('list', { name: 'Instance list' });

describe('event socket gap (dashboard.md §4: reconnect after 1 s)', () => {
  it('shows a state change made while the event socket was down once it reconnects', async () => {
    const { change } = fakeCore();
    const timers = new ManualTimers();
    renderApp('/', { timers });
    expect(
      await within(await screen.findByRole('list', { name: 'Instance list' })).findByRole(
        'button',
        { name: 'Alpha (Running)' },
      ),
    ).toBeInTheDocument();
    const first = await openEventSocket(1);

    act(() => first.serverClose(1006));
    change('Stopping');
    change('Stopped');
    expect(timers.pending).toBe(1);
    act(() => timers.fireAll());
    const second = await openEventSocket(2);
    expect(second).not.toBe(first);

    expect(
      await within(list()).findByRole('button', { name: 'Alpha (Stopped)' }),
    ).toBeInTheDocument();
  });

  it('refetches what events keep current: a permission granted during the gap enables Start', async () => {
    const seen = { ...emptyPermissions(), can_view_instance: ['A'] };
    const { grant } = fakeCore(publicUser({ uid: 'viewer', permissions: seen }), 'Stopped');
    const timers = new ManualTimers();
    renderApp('/dashboard/logs?instance=A', { timers });
    const panel = await screen.findByRole('region', { name: 'Selected instance' });
    expect(await within(panel).findByRole('button', { name: 'Start' })).toBeDisabled();
    const first = await openEventSocket(1);

    act(() => first.serverClose(1006));
    grant({ ...seen, can_start_instance: ['A'] });
    act(() => timers.fireAll());
    await openEventSocket(2);

    await vi.waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Start' })).toBeEnabled(),
    );
  });
});

describe('event socket first open (the stream has no replay: core-api.md §1.6)', () => {
  it('shows a state change made after the list was fetched and before the socket opened', async () => {
    const { calls, change } = fakeCore(OWNER, 'Starting');
    renderApp('/dashboard/logs?instance=A', { timers: new ManualTimers() });
    const state = await screen.findByRole('status', { name: 'Instance state' });
    expect(await within(list()).findByRole('button', { name: 'Alpha (Starting)' })).toBeVisible();
    expect(state).toHaveTextContent('Starting');
    const listFetches = () => calls.callsTo('GET', '/instance/list').length;
    const before = listFetches();

    change('Running');
    await openEventSocket(1);

    expect(
      await within(list()).findByRole('button', { name: 'Alpha (Running)' }),
    ).toBeInTheDocument();
    expect(state).toHaveTextContent('Running');
    expect(listFetches()).toBe(before + 1);
  });
});
