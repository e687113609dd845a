import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { PublicUser } from '@hearth/protocol';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { clientEvent, globalSettings, instanceInfo, publicUser } from '@/test/fixtures.ts';
import { openEventSocket, renderApp, signInWithInstances } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const OWNER = publicUser({ is_owner: true });

function signedIn(user: PublicUser, extra: Record<string, FakeHandler> = {}) {
  return signInWithInstances(user, [instanceInfo({ uuid: 'A', name: 'Alpha' })], {
    'GET /global_settings': { body: globalSettings({ playit_enabled: true }) },
    'GET /playitgg/cli_is_running': { body: false },
    'POST /playitgg/verify_key': { body: true },
    'GET /playitgg/get_tunnels': { body: [] },
    ...extra,
  });
}

const runnerEvent = (type: 'RunnerStarted' | 'RunnerLoading' | 'RunnerStopped') =>
  clientEvent({ type: 'PlayitggRunnerEvent', playitgg_runner_event_inner: { type } });

describe('/dashboard/playitgg (dashboard.md §2 Playitgg tab)', () => {
  it('shows the tab while playit_enabled is on; runner events from the stream move the badge', async () => {
    signedIn(OWNER);
    const { queryClient } = renderApp('/dashboard/playitgg?instance=A');
    expect(await screen.findByRole('heading', { name: 'Playitgg' })).toBeInTheDocument();
    const badge = await screen.findByRole('status', { name: 'Runner status' });
    await vi.waitFor(() => expect(badge).toHaveTextContent('Stopped'));
    // The open socket has the status read again (what came before it was not heard); the events
    // below happen after that answer.
    const socket = await openEventSocket(queryClient);
    act(() => socket.push(runnerEvent('RunnerLoading')));
    await vi.waitFor(() => expect(badge).toHaveTextContent('Loading'));
    act(() => socket.push(runnerEvent('RunnerStarted')));
    await vi.waitFor(() => expect(badge).toHaveTextContent('Started'));
  });

  it('with playit_enabled off the tab is hidden and nothing asks playit', async () => {
    const net = signedIn(OWNER, {
      'GET /global_settings': { body: globalSettings() },
    });
    renderApp('/dashboard/playitgg?instance=A');
    expect(await screen.findByRole('heading', { name: 'playitgg not found' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Instance tabs' });
    expect(within(nav).queryByRole('button', { name: 'Playitgg' })).not.toBeInTheDocument();
    expect(net.calls.filter((c) => c.path.startsWith('/playitgg/'))).toEqual([]);
  });

  it('a user who is not the owner is told so and nothing is asked', async () => {
    const net = signedIn(publicUser({ uid: 'USER_2', username: 'guest' }));
    renderApp('/dashboard/playitgg?instance=A');
    expect(
      await screen.findByText('Only the owner can use the Playit integration'),
    ).toBeInTheDocument();
    expect(net.calls.filter((c) => c.path.startsWith('/playitgg/'))).toEqual([]);
  });
});
