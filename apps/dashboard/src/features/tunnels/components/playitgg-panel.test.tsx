import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { PlayitTunnelInfo } from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { publishEvent } from '@/lib/realtime/event-handlers.ts';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import { RealtimeProvider } from '@/lib/realtime/realtime-hooks.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { FakeSocket } from '@/test/fake-socket.ts';
import { clientEvent } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render-app.tsx';
import { useRunnerStatusSync } from '../use-runner-status-sync.ts';
import { PLAYIT_TUNNELS_URL, PlayitggPanel } from './playitgg-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const SURVIVAL: PlayitTunnelInfo = {
  local_ip: '127.0.0.1',
  local_port: 25565,
  tunnel_id: 't-1',
  name: 'survival',
  server_address: 'some-name.gl.joinmc.link:12345',
  active: true,
};
const CREATIVE: PlayitTunnelInfo = {
  local_ip: '192.168.1.20',
  local_port: 25570,
  tunnel_id: 't-2',
  name: 'creative',
  server_address: 'other.gl.joinmc.link:2000',
  active: false,
};

function Tab({ canManage }: { canManage: boolean }) {
  useRunnerStatusSync();
  return <PlayitggPanel instance={{ name: 'Alpha', port: 25565 }} canManage={canManage} />;
}

function setup(routes: Record<string, FakeHandler>, canManage = true) {
  const {
    network: net,
    user,
    queryClient,
  } = renderScreen(
    <RealtimeProvider hub={new RealtimeHub({ createSocket: (url) => new FakeSocket(url) })}>
      <Tab canManage={canManage} />
    </RealtimeProvider>,
    {
      'GET /playitgg/cli_is_running': { body: false },
      'POST /playitgg/verify_key': { body: true },
      'GET /playitgg/get_tunnels': { body: [] },
      'POST /playitgg/start_cli': { body: null },
      'POST /playitgg/stop_cli': { body: null },
      ...routes,
    },
  );
  return { net, user, queryClient };
}

function runnerEvent(
  queryClient: QueryClient,
  type: 'RunnerStarted' | 'RunnerLoading' | 'RunnerStopped',
): void {
  const event = clientEvent({
    type: 'PlayitggRunnerEvent',
    playitgg_runner_event_inner: { type },
  });
  act(() => publishEvent(event, { fresh: true, queryClient }));
}

const badge = () => screen.getByRole('status', { name: 'Runner status' });
const toggle = () => screen.getByRole('switch', { name: 'Playitgg runner' });
const tunnels = () => screen.getByRole('region', { name: 'Tunnels' });

/** A handler that answers only when the test says so. */
function held(answer: FakeHandler) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler: FakeHandler = async (request) => {
    await gate;
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return { handler, release: () => release() };
}

describe('Playitgg tab (dashboard.md §2 Playitgg tab, §4 Tunnelling runner)', () => {
  it('says Loading... until the core has answered', async () => {
    const verify = held({ body: true });
    const list = held({ body: [] });
    setup({
      'POST /playitgg/verify_key': verify.handler,
      'GET /playitgg/get_tunnels': list.handler,
    });
    expect(await within(tunnels()).findByText('Loading...')).toBeInTheDocument();
    expect(toggle()).toBeDisabled();
    verify.release();
    await vi.waitFor(() => expect(toggle()).toBeEnabled());
    expect(within(tunnels()).getByText('Loading...')).toBeInTheDocument();
    list.release();
    expect(
      await within(tunnels()).findByText("You haven't created any tunnels yet"),
    ).toBeInTheDocument();
  });

  it('not signed up: says so, and the toggle opens Set Up Playitgg instead of starting', async () => {
    const { net, user } = setup({ 'POST /playitgg/verify_key': { body: false } });
    expect(await within(tunnels()).findByText("You haven't signed up yet")).toBeInTheDocument();
    expect(net.callsTo('GET', '/playitgg/get_tunnels')).toHaveLength(0);
    expect(badge()).toHaveTextContent('Stopped');
    await vi.waitFor(() => expect(toggle()).toBeEnabled());
    await user.click(toggle());
    expect(await screen.findByRole('dialog', { name: 'Set Up Playitgg' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set Up Playitgg' })).not.toBeInTheDocument(),
    );
    expect(net.callsTo('POST', '/playitgg/start_cli')).toHaveLength(0);
    expect(badge()).toHaveTextContent('Stopped');
  });

  it('sign-up: Generate Link, then the link and Verify, which re-checks until playit confirms', async () => {
    let signedUp = false;
    const { net, user } = setup({
      'POST /playitgg/verify_key': () => ({ body: signedUp }),
      'GET /playitgg/generate_signup_link': {
        body: { url: 'https://playit.gg/claim/0a1b2c3d4e', claim_code: '0a1b2c3d4e' },
      },
      'GET /playitgg/get_tunnels': { body: [SURVIVAL] },
    });
    await within(tunnels()).findByText("You haven't signed up yet");
    await user.click(toggle());
    const dialog = await screen.findByRole('dialog', { name: 'Set Up Playitgg' });
    expect(within(dialog).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Generate Link' }));
    const link = await within(dialog).findByRole('link', {
      name: 'https://playit.gg/claim/0a1b2c3d4e',
    });
    expect(link).toHaveAttribute('href', 'https://playit.gg/claim/0a1b2c3d4e');
    expect(link).toHaveAttribute('target', '_blank');

    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(
      await within(dialog).findByText(/Playit has not confirmed the sign-up yet/),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Set Up Playitgg' })).toBeInTheDocument();

    signedUp = true;
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set Up Playitgg' })).not.toBeInTheDocument(),
    );
    expect(
      await within(tunnels()).findByRole('rowheader', { name: 'survival' }),
    ).toBeInTheDocument();
    expect(net.callsTo('GET', '/playitgg/generate_signup_link')).toHaveLength(1);
    expect(net.callsTo('POST', '/playitgg/start_cli')).toHaveLength(0);
  });

  it('shows a failed link generation in the dialog', async () => {
    const { user } = setup({
      'POST /playitgg/verify_key': { body: false },
      'GET /playitgg/generate_signup_link': {
        status: 403,
        body: {
          kind: 'PermissionDenied',
          causes: ['Only the owner can use the Playit integration'],
        },
      },
    });
    await within(tunnels()).findByText("You haven't signed up yet");
    await user.click(toggle());
    const dialog = await screen.findByRole('dialog', { name: 'Set Up Playitgg' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate Link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the owner can use the Playit integration',
    );
  });

  it('the toggle from Stopped sets Loading and calls start; runner events move the badge', async () => {
    const start = held({ body: null });
    const { net, user, queryClient } = setup({ 'POST /playitgg/start_cli': start.handler });
    await vi.waitFor(() => expect(toggle()).toBeEnabled());
    expect(badge()).toHaveTextContent('Stopped');
    expect(toggle()).not.toBeChecked();
    await user.click(toggle());
    expect(badge()).toHaveTextContent('Loading');
    expect(toggle()).toBeChecked();
    expect(screen.getByText('Connecting to playit.gg…')).toBeInTheDocument();
    start.release();
    await vi.waitFor(() => expect(net.callsTo('POST', '/playitgg/start_cli')).toHaveLength(1));
    runnerEvent(queryClient, 'RunnerStarted');
    await vi.waitFor(() => expect(badge()).toHaveTextContent('Started'));
    runnerEvent(queryClient, 'RunnerLoading');
    await vi.waitFor(() => expect(badge()).toHaveTextContent('Loading'));
    runnerEvent(queryClient, 'RunnerStarted');
    await vi.waitFor(() => expect(badge()).toHaveTextContent('Started'));
  });

  it('the toggle otherwise stops and sets Stopped', async () => {
    const { net, user } = setup({ 'GET /playitgg/cli_is_running': { body: true } });
    await vi.waitFor(() => expect(badge()).toHaveTextContent('Started'));
    await vi.waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).toBeChecked();
    await user.click(toggle());
    expect(badge()).toHaveTextContent('Stopped');
    await vi.waitFor(() => expect(net.callsTo('POST', '/playitgg/stop_cli')).toHaveLength(1));
    expect(net.callsTo('POST', '/playitgg/start_cli')).toHaveLength(0);
  });

  it('a runner stopped by the core (an event) shows Stopped', async () => {
    const { queryClient } = setup({ 'GET /playitgg/cli_is_running': { body: true } });
    await vi.waitFor(() => expect(badge()).toHaveTextContent('Started'));
    runnerEvent(queryClient, 'RunnerStopped');
    await vi.waitFor(() => expect(badge()).toHaveTextContent('Stopped'));
    expect(toggle()).not.toBeChecked();
  });

  it('a start the core refuses goes back to Stopped and says why', async () => {
    const { user } = setup({
      'POST /playitgg/start_cli': {
        status: 502,
        body: { kind: 'External', causes: ['Failed to get rundata', "Couldn't connect to Playit"] },
      },
    });
    await vi.waitFor(() => expect(toggle()).toBeEnabled());
    await user.click(toggle());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Failed to get rundata: Couldn't connect to Playit",
    );
    expect(badge()).toHaveTextContent('Stopped');
  });

  it('says when there are no tunnels yet, and how to make one for this instance', async () => {
    setup({});
    expect(
      await within(tunnels()).findByText("You haven't created any tunnels yet"),
    ).toBeInTheDocument();
    expect(
      within(tunnels()).getByText('Create one on playit.gg with local port 25565 to reach Alpha.'),
    ).toBeInTheDocument();
  });

  it('lists tunnels: name, address to copy, local ip and port, active marker', async () => {
    const { user } = setup({ 'GET /playitgg/get_tunnels': { body: [SURVIVAL, CREATIVE] } });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const row = (await within(tunnels()).findByRole('rowheader', { name: 'survival' })).closest(
      'tr',
    );
    if (!row) throw new Error('no row');
    expect(within(row).getByText('127.0.0.1')).toBeInTheDocument();
    expect(within(row).getByText('25565')).toBeInTheDocument();
    expect(within(row).getByText('this instance')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const other = within(tunnels()).getByRole('rowheader', { name: 'creative' }).closest('tr');
    if (!other) throw new Error('no row');
    expect(within(other).getByText('192.168.1.20')).toBeInTheDocument();
    expect(within(other).getByText('Inactive')).toBeInTheDocument();
    expect(within(other).queryByText('this instance')).not.toBeInTheDocument();
    expect(
      within(tunnels())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Address', 'Local IP', 'Local Port', 'Active']);

    await user.click(
      within(row).getByRole('button', { name: 'Copy some-name.gl.joinmc.link:12345' }),
    );
    expect(writeText).toHaveBeenCalledWith('some-name.gl.joinmc.link:12345');
    expect(await within(row).findByText('Copied')).toBeInTheDocument();
  });

  it('the refresh icon asks the core again', async () => {
    let list: PlayitTunnelInfo[] = [];
    const { net, user } = setup({ 'GET /playitgg/get_tunnels': () => ({ body: list }) });
    await within(tunnels()).findByText("You haven't created any tunnels yet");
    list = [SURVIVAL];
    await user.click(screen.getByRole('button', { name: 'Refresh tunnels' }));
    expect(
      await within(tunnels()).findByRole('rowheader', { name: 'survival' }),
    ).toBeInTheDocument();
    expect(net.callsTo('POST', '/playitgg/verify_key')).toHaveLength(2);
    expect(net.callsTo('GET', '/playitgg/get_tunnels')).toHaveLength(2);
  });

  it('shows the provider failing instead of the list', async () => {
    setup({
      'GET /playitgg/get_tunnels': {
        status: 502,
        body: { kind: 'External', causes: ["Couldn't connect to Playit", 'connect ECONNREFUSED'] },
      },
    });
    expect(await within(tunnels()).findByRole('alert')).toHaveTextContent(
      "Couldn't connect to Playit",
    );
  });

  it('links to the provider and to Hearth’s own help', async () => {
    const { user } = setup({});
    const provider = screen.getByRole('link', { name: 'Manage tunnels on playit.gg' });
    expect(provider).toHaveAttribute('href', PLAYIT_TUNNELS_URL);
    expect(provider).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const help = await screen.findByRole('dialog', { name: 'How Playitgg works' });
    expect(within(help).getByText(/section Playit tunnels/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /wiki/i })).not.toBeInTheDocument();
  });

  it('asks nothing for anyone but the owner', async () => {
    const { net } = setup({}, false);
    expect(screen.getByText('Only the owner can use the Playit integration')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Playitgg runner' })).not.toBeInTheDocument();
    await act(async () => undefined);
    expect(net.calls.filter((c) => c.path.startsWith('/playitgg/'))).toEqual([]);
  });
});

describe('Playitgg tab in German', () => {
  it('names the runner, its status and the tunnel table in German', async () => {
    await activateLocale('de');
    setup({ 'GET /playitgg/get_tunnels': { body: [SURVIVAL, CREATIVE] } });
    const list = screen.getByRole('region', { name: 'Tunnel' });
    expect(
      await within(list).findByRole('columnheader', { name: 'Lokaler Port' }),
    ).toBeInTheDocument();
    expect(within(list).getByText('diese Instanz')).toBeInTheDocument();
    expect(within(list).getByText('Inaktiv')).toBeInTheDocument();
    const status = screen.getByRole('status', { name: 'Runner-Status' });
    expect(await within(status).findByText('Gestoppt')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Playitgg-Runner' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /Tunnel auf playit.gg verwalten/ }),
    ).toBeInTheDocument();
  });
});
