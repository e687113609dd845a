import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { GIB } from '@hearth/protocol';
import type { InstanceInfo } from '@hearth/protocol';
import { viewerOf } from '@/lib/permissions.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import { RealtimeProvider } from '@/lib/realtime/realtime-hooks.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { FakeSocket } from '@/test/fake-socket.ts';
import { TEST_CORE, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo } from '@/test/render-app.tsx';
import { instanceInfo } from '@/test/fixtures.ts';
import { NO_ROUTE } from '@/test/lodestone-fixtures.ts';
import { OverviewTab } from './overview-tab.tsx';

// uPlot's chart is a stand-in here (vitest.setup.ts) that shows how many points it was given.

afterEach(() => vi.unstubAllGlobals());

const steve = {
  type: 'MinecraftPlayer' as const,
  name: 'steve',
  uuid: '853c80ef3c3749fdaa49938b674adae6',
};
const alex = { type: 'MinecraftPlayer' as const, name: 'Alex', uuid: null };

function setup(overrides: Partial<InstanceInfo> = {}, routes: Record<string, FakeHandler> = {}) {
  const token = validJwt();
  connectTo(TEST_CORE, token);
  const calls = installFakeFetch(
    coreRoutes({ 'PUT /instance/A/name': {}, 'PUT /instance/A/description': {}, ...routes }),
  );
  const instance = instanceInfo({
    uuid: 'A',
    name: 'Alpha',
    state: 'Running',
    player_count: 2,
    player_list: [steve, alex],
    ...overrides,
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <RealtimeProvider hub={new RealtimeHub({ createSocket: (url) => new FakeSocket(url) })}>
        <OverviewTab
          instance={instance}
          viewer={viewerOf(publicUser({ is_owner: true }), true)}
          host="play.example.org"
          totalRam={4 * GIB}
        />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  return { calls, user, token };
}

describe('Overview tab (dashboard.md §2)', () => {
  it('shows version, player count and the copyable address:port', async () => {
    const { user } = setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(screen.getByText('1.20.4')).toBeInTheDocument();
    expect(screen.getByLabelText('Player count 2 / 20')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy play.example.org:25565' }));
    expect(writeText).toHaveBeenCalledWith('play.example.org:25565');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('shows the disk the instance takes', async () => {
    setup(
      {},
      {
        'GET /instance/A/disk': {
          body: { folder_bytes: 3 * 1024 * 1024, files: 42, measured_at: Date.now() },
        },
      },
    );
    expect(await screen.findByText('3 MB')).toHaveAttribute('title', '42 files');
    expect(screen.getByText('Disk used')).toBeInTheDocument();
  });

  it('leaves the disk out when the core does not measure it (Lodestone)', async () => {
    const { calls } = setup();
    await vi.waitFor(() =>
      expect(calls.calls.some((c) => c.path === '/instance/A/disk')).toBe(true),
    );
    expect(screen.queryByText('Disk used')).not.toBeInTheDocument();
  });

  it('edits the name: Enter saves, Escape cancels, an error shows under the field', async () => {
    const { calls, user } = setup(
      {},
      {
        'PUT /instance/A/description': {
          status: 400,
          body: { kind: 'BadRequest', causes: ['Too long'] },
        },
      },
    );
    await user.click(screen.getByRole('button', { name: /^Instance name: Alpha/ }));
    const input = screen.getByRole('textbox', { name: 'Instance name' });
    await user.clear(input);
    await user.type(input, 'Beta{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Instance name' })).not.toBeInTheDocument();
    expect(calls.callsTo('PUT', '/instance/A/name')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Instance name: Alpha/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Instance name' }));
    await user.type(screen.getByRole('textbox', { name: 'Instance name' }), '  Beta {Enter}');
    await vi.waitFor(() => expect(calls.callsTo('PUT', '/instance/A/name')[0]?.body).toBe('Beta'));

    await user.click(screen.getByRole('button', { name: /^Description:/ }));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ' more{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad Request: Too long');
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeInTheDocument();
  });

  it('checks a new name with the core rule before sending it', async () => {
    const { calls, user } = setup();
    await user.click(screen.getByRole('button', { name: /^Instance name: Alpha/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Instance name' }));
    await user.type(screen.getByRole('textbox', { name: 'Instance name' }), 'a/b{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Instance name cannot contain "/" or "\\"',
    );
    await user.clear(screen.getByRole('textbox', { name: 'Instance name' }));
    await user.type(screen.getByRole('textbox', { name: 'Instance name' }), '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Instance name cannot be empty');
    expect(calls.callsTo('PUT', '/instance/A/name')).toHaveLength(0);
  });

  it('lists players sortable by name; a failed avatar shows the initial', async () => {
    const { user } = setup();
    const players = screen.getByRole('region', { name: 'Players' });
    const avatar = await vi.waitFor(() => {
      const img = players.querySelector('img');
      if (!img) throw new Error('no avatar image yet');
      return img;
    });
    // Through the core (issue 23 #24): the browser never asks a third party for a player's face.
    expect(avatar).toHaveAttribute(
      'src',
      `http://core.test:16662/api/v1/players/avatar/${steve.uuid}?name=steve`,
    );
    const names = () =>
      within(players)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(names()).toEqual(['AAlex', 'Ssteve']);
    // A finger-sized target on a phone (dashboard README: 44 px, `h-11`).
    expect(within(players).getByRole('button', { name: 'Name' })).toHaveClass('min-h-11');
    await user.click(within(players).getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Ssteve', 'AAlex']);
    expect(within(players).getByRole('columnheader')).toHaveAttribute('aria-sort', 'descending');
    fireEvent.error(avatar);
    expect(players.querySelector('img')).toBeNull();
    expect(
      within(players)
        .getAllByTestId('avatar-initial')
        .map((i) => i.textContent),
    ).toEqual(['S', 'A']);
  });

  it('draws initials and asks no one for avatars against a Lodestone core', async () => {
    const { calls } = setup({}, { 'GET /games/definitions': NO_ROUTE });
    await vi.waitFor(() =>
      expect(calls.calls.some((c) => c.path === '/games/definitions')).toBe(true),
    );
    const players = screen.getByRole('region', { name: 'Players' });
    expect(players.querySelector('img')).toBeNull();
    expect(
      within(players)
        .getAllByTestId('avatar-initial')
        .map((i) => i.textContent),
    ).toEqual(['A', 'S']);
  });

  it('charts the monitor socket: token in the URL, GiB, 60 samples at most', async () => {
    const { token } = setup();
    await vi.waitFor(() =>
      expect(FakeSocket.instances.some((s) => s.url.includes('/monitor/A'))).toBe(true),
    );
    const socket = FakeSocket.instances.find((s) => s.url.includes('/monitor/A'));
    if (!socket) throw new Error('no monitor socket');
    expect(socket.url).toBe(
      `ws://core.test:16662/api/v1/monitor/A?token=${encodeURIComponent(`Bearer ${token}`)}`,
    );
    act(() => socket.open());
    act(() => {
      for (let i = 0; i < 65; i += 1)
        socket.push({ cpu_usage: i, memory_usage: GIB / 2, disk_usage: null, start_time: null });
      socket.push('not json');
    });
    expect(screen.getByRole('figure', { name: 'CPU chart, 60 data points' })).toBeInTheDocument();
    expect(screen.getByLabelText('CPU now')).toHaveTextContent('64.0 %');
    expect(screen.getByLabelText('Memory now')).toHaveTextContent('512 MiB');
    expect(
      await within(screen.getByRole('figure', { name: /^Memory chart/ })).findByTestId('chart'),
    ).toHaveTextContent('60');
  });
});
