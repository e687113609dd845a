// Issue 15 #11: home was an empty greeting; it now shows every instance as a card (state, players,
// CPU, memory, address, start/stop by permission), still with the spec's texts and Create button.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { GIB, emptyPermissions } from '@hearth/protocol';
import type { InstanceInfo, PublicUser } from '@hearth/protocol';
import { FakeSocket } from '@/test/fake-socket.ts';
import { globalSettings, instanceInfo, publicUser } from '@/test/fixtures.ts';
import { renderApp, signInWithInstances } from '@/test/render-app.tsx';
import { HOME_LIVE_MONITORS } from '@/features/instances/components/instance-grid.tsx';

afterEach(() => vi.unstubAllGlobals());

function signedIn(user: PublicUser, instances: InstanceInfo[]) {
  return signInWithInstances(user, instances, {
    'GET /global_settings': { body: globalSettings({ safe_mode: false }) },
    'PUT /instance/B/start': { body: null },
  });
}

const monitorSockets = () => FakeSocket.instances.filter((s) => s.url.includes('/monitor/'));
const card = (name: string) => screen.getByRole('article', { name });

describe('home (issue 15 #11)', () => {
  it('shows each instance as a card with live figures for a running one', async () => {
    signedIn(publicUser({ is_owner: true }), [
      instanceInfo({ uuid: 'A', name: 'Alpha', state: 'Running', player_count: 2, port: 25570 }),
      instanceInfo({ uuid: 'B', name: 'Beta', state: 'Stopped' }),
    ]);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, alice' })).toBeInTheDocument();
    expect(screen.getByText(/Manage your instances here/)).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Alpha' });

    const alpha = card('Alpha');
    expect(within(alpha).getByText('Running')).toBeInTheDocument();
    expect(within(alpha).getByLabelText('Players')).toHaveTextContent('2 / 20');
    expect(within(alpha).getByRole('button', { name: 'Copy core.test:25570' })).toBeInTheDocument();
    expect(within(alpha).getByRole('button', { name: 'Stop' })).toBeEnabled();

    await vi.waitFor(() => expect(monitorSockets()).toHaveLength(1));
    const socket = monitorSockets()[0]!;
    expect(socket.url).toContain('/monitor/A?token=');
    act(() => socket.open());
    act(() =>
      socket.push({ cpu_usage: 12.34, memory_usage: GIB / 8, disk_usage: null, start_time: null }),
    );
    expect(within(alpha).getByLabelText('CPU')).toHaveTextContent('12.3 %');
    expect(within(alpha).getByLabelText('Memory')).toHaveTextContent('128 MiB');
    expect(within(card('Beta')).getByLabelText('CPU')).toHaveTextContent('—');
  });

  it('starts an instance from its card, and opens it from its name', async () => {
    const net = signedIn(publicUser({ is_owner: true }), [
      instanceInfo({ uuid: 'B', name: 'Beta', state: 'Stopped' }),
    ]);
    const { user, router } = renderApp('/');
    const beta = await screen.findByRole('article', { name: 'Beta' });
    await user.click(within(beta).getByRole('button', { name: 'Start' }));
    await vi.waitFor(() => expect(net.callsTo('PUT', '/instance/B/start')).toHaveLength(1));
    await user.click(within(beta).getByRole('button', { name: 'Beta' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    expect(new URLSearchParams(router.state.location.search).get('instance')).toBe('B');
  });

  it('gates start and Create by permission', async () => {
    signedIn(publicUser({ permissions: { ...emptyPermissions(), can_view_instance: ['B'] } }), [
      instanceInfo({ uuid: 'B', name: 'Beta', state: 'Stopped' }),
    ]);
    renderApp('/');
    const beta = await screen.findByRole('article', { name: 'Beta' });
    const start = within(beta).getByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    expect(start).toHaveAttribute('title', 'No permission');
    expect(screen.getByRole('button', { name: 'Create a new instance' })).toBeDisabled();
  });

  it(`opens at most ${HOME_LIVE_MONITORS} monitor sockets`, async () => {
    const many = Array.from({ length: HOME_LIVE_MONITORS + 3 }, (_, i) =>
      instanceInfo({ uuid: `I${i}`, name: `Server ${i}`, state: 'Running' }),
    );
    signedIn(publicUser({ is_owner: true }), many);
    renderApp('/');
    await screen.findByRole('article', { name: `Server ${HOME_LIVE_MONITORS + 2}` });
    await vi.waitFor(() => expect(monitorSockets()).toHaveLength(HOME_LIVE_MONITORS));
  });

  it('says so when there is no instance yet', async () => {
    signedIn(publicUser({ is_owner: true }), []);
    renderApp('/');
    expect(await screen.findByText('No instances yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a new instance' })).toBeEnabled();
  });
});
