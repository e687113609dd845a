// Issue 26 part 1: the home shows every saved core — a section per core with its connection,
// version, host figures and counts, and its instance cards kept live from that core's own event
// socket; a core that is down shows as down without holding up the others; a core without a token
// offers its own Sign in; an owner-level summary; filters and search across all cores. With one
// saved core the home stays the single-core screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { InstanceInfo, InstanceState } from '@hearth/protocol';
import { FakeSocket } from '@/test/fake-socket.ts';
import { installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import {
  SQUID_GAME,
  TEST_CORE_HOST,
  coreInfo,
  instanceInfo,
  publicUser,
  instanceEvent,
} from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { otherCore, signInToCores } from '@/test/several-cores.ts';
import { addCore, getSession } from '@/lib/session.ts';
import { activateLocale } from '@/lib/i18n/i18n.ts';

afterEach(() => vi.unstubAllGlobals());

const SECOND = otherCore('second.test');
const DOWN = otherCore('down.test');
const GUEST = otherCore('guest.test');

const OWNER = publicUser({ is_owner: true });
const settings = (name: string) => ({
  core_name: name,
  safe_mode: false,
  domain: null,
  playit_enabled: false,
});

function hostRoutes(
  name: string,
  instances: InstanceInfo[] | null,
  extra: Record<string, FakeHandler> = {},
): Record<string, FakeHandler> {
  return {
    'GET /info': { body: coreInfo({ core_name: name, version: '0.5.1' }) },
    'GET /system/cpu': { body: { cpu_speed: 3000, cpu_load: 12.4 } },
    'GET /system/ram': { body: { total: 8 * 1024 ** 3, free: 6 * 1024 ** 3 } },
    'GET /system/disk': { body: { total: 100 * 1024 ** 3, free: 75 * 1024 ** 3 } },
    'GET /events/all/buffer': { body: [] },
    'GET /games/definitions': { body: [] },
    ...(instances
      ? {
          'GET /user/info': { body: OWNER },
          'GET /global_settings': { body: settings(name) },
          'GET /instance/list': { body: instances },
          'GET /system/warnings': { body: [] },
        }
      : {}),
    ...extra,
  };
}

const transition = (uuid: string, name: string, to: InstanceState) =>
  instanceEvent(uuid, name, { type: 'StateTransition', to });

/** The current core (signed in), a second one (signed in), one down, one without a token. */
function fleet() {
  signInToCores(SECOND, DOWN);
  addCore(GUEST);
  return installFakeFetch({
    [TEST_CORE_HOST]: hostRoutes(
      'Home Box',
      [
        instanceInfo({ uuid: 'A', name: 'Alpha', state: 'Running', player_count: 2 }),
        instanceInfo({ uuid: 'B', name: 'Beta', state: 'Stopped' }),
      ],
      { 'GET /system/warnings': { body: ['Game servers run unsandboxed'] } },
    ),
    'second.test:16662': hostRoutes(
      'Second Box',
      [
        instanceInfo({
          uuid: 'G',
          name: 'Gamma',
          state: 'Running',
          player_count: 3,
          game_type: SQUID_GAME,
        }),
      ],
      { 'PUT /instance/G/stop': { body: null } },
    ),
    'guest.test:16662': hostRoutes('Guest Box', null),
  });
}

const section = (name: string) => screen.getByRole('region', { name });
const socketOf = (host: string) => FakeSocket.instances.find((s) => s.url.includes(host));

describe('fleet home (issue 26)', () => {
  it('shows every saved core, live from its own socket, with the down one marked down', async () => {
    const net = fleet();
    const { user } = renderApp('/');
    const second = await screen.findByRole('region', { name: 'Second Box' });
    await within(second).findByRole('article', { name: 'Gamma' });
    await within(section('Home Box')).findByRole('article', { name: 'Alpha' });

    // The core that does not answer is down; the others were not held up by it.
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'down.test:16662: Down' })).toBeInTheDocument(),
    );
    expect(within(section('down.test:16662')).getByText(/cannot be reached/)).toBeInTheDocument();

    // Host figures and counts.
    await vi.waitFor(() =>
      expect(within(second).getByLabelText('Host memory')).toHaveTextContent('2 GB / 8 GB'),
    );
    expect(within(second).getByLabelText('Host CPU')).toHaveTextContent('12 %');
    expect(within(second).getByLabelText('Version')).toHaveTextContent('0.5.1');
    expect(within(section('Home Box')).getByText('1 Running · 1 Stopped')).toBeInTheDocument();

    // The second core's socket is its own (one per core), and its events reach its cards.
    const socket = socketOf('second.test');
    expect(socket?.url).toContain('/events/all/stream');
    expect(FakeSocket.instances.filter((s) => s.url.includes('second.test'))).toHaveLength(1);
    act(() => socket!.open());
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Second Box: Connected' })).toBeInTheDocument(),
    );
    act(() => socket!.push(transition('G', 'Gamma', 'Stopping')));
    const gamma = within(second).getByRole('article', { name: 'Gamma' });
    await vi.waitFor(() => expect(within(gamma).getByText('Stopping')).toBeInTheDocument());

    // A card's action goes to its own core, not the current one.
    act(() => socket!.push(transition('G', 'Gamma', 'Running')));
    await user.click(await within(gamma).findByRole('button', { name: 'Stop' }));
    await vi.waitFor(() =>
      expect(
        net.calls.filter((c) => c.method === 'PUT' && c.path === '/instance/G/stop'),
      ).toHaveLength(1),
    );
    expect(net.calls.filter((c) => c.url.host === TEST_CORE_HOST && c.method === 'PUT')).toEqual(
      [],
    );

    // The core goes away: its section says so, and its retries do not make it flicker back.
    act(() => socket!.serverClose(1006));
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Second Box: Down' })).toBeInTheDocument(),
    );
    await vi.waitFor(() =>
      expect(FakeSocket.instances.filter((s) => s.url.includes('second.test'))).toHaveLength(2),
    );
    expect(screen.getByRole('status', { name: 'Second Box: Down' })).toBeInTheDocument();
    act(() => FakeSocket.instances.filter((s) => s.url.includes('second.test'))[1]!.open());
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: 'Second Box: Connected' })).toBeInTheDocument(),
    );
  });

  it('sums players, running servers and warnings over every core', async () => {
    fleet();
    renderApp('/');
    const summary = await screen.findByRole('region', { name: 'Fleet summary' });
    await vi.waitFor(() =>
      expect(within(summary).getByLabelText('Players online')).toHaveTextContent('5'),
    );
    expect(within(summary).getByLabelText('Servers running')).toHaveTextContent('2 of 3');
    await vi.waitFor(() =>
      expect(within(summary).getByLabelText('Cores up')).toHaveTextContent('3 of 4'),
    );
    expect(within(summary).getByText('Home Box: Game servers run unsandboxed')).toBeInTheDocument();
  });

  it('in German: the summary, the counts by state and each core’s state (issue 29)', async () => {
    await activateLocale('de');
    fleet();
    renderApp('/');
    const summary = await screen.findByRole('region', { name: 'Übersicht aller Cores' });
    await vi.waitFor(() =>
      expect(within(summary).getByLabelText('Laufende Server')).toHaveTextContent('2 von 3'),
    );
    const home = await screen.findByRole('region', { name: 'Home Box' });
    expect(await within(home).findByText('1 laufend · 1 gestoppt')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        screen.getByRole('status', { name: 'down.test:16662: Nicht erreichbar' }),
      ).toBeInTheDocument(),
    );
    const guest = await screen.findByRole('region', { name: 'Guest Box' });
    expect(screen.getByRole('status', { name: 'Guest Box: Abgemeldet' })).toBeInTheDocument();
    expect(within(guest).getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Zustand' })).toHaveTextContent('Läuft');
  });

  it('the current core down shows Down in its section, with no Core Connection Error over the fleet', async () => {
    signInToCores(SECOND);
    installFakeFetch({
      'second.test:16662': hostRoutes('Second Box', [
        instanceInfo({ uuid: 'G', name: 'Gamma', state: 'Running' }),
      ]),
    });
    renderApp('/');
    const second = await screen.findByRole('region', { name: 'Second Box' });
    await within(second).findByRole('article', { name: 'Gamma' });
    await vi.waitFor(() =>
      expect(screen.getByRole('status', { name: `${TEST_CORE_HOST}: Down` })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog', { name: 'Core Connection Error' })).not.toBeInTheDocument();
  });

  it('filters by state, game and core, and searches across all cores', async () => {
    fleet();
    const { user } = renderApp('/');
    await within(await screen.findByRole('region', { name: 'Second Box' })).findByRole('article', {
      name: 'Gamma',
    });
    await within(section('Home Box')).findByRole('article', { name: 'Alpha' });

    await user.type(screen.getByLabelText('Search instances'), 'gam');
    expect(screen.queryByRole('article', { name: 'Alpha' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Gamma' })).toBeInTheDocument();
    expect(within(section('Home Box')).getByText('No instances match the filters.')).toBeVisible();
    await user.clear(screen.getByLabelText('Search instances'));

    await user.selectOptions(screen.getByLabelText('State'), 'Stopped');
    expect(screen.getByRole('article', { name: 'Beta' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Alpha' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Gamma' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('State'), '');

    await user.selectOptions(screen.getByLabelText('Game'), 'Minecraft (flying-squid)');
    expect(screen.getByRole('article', { name: 'Gamma' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Beta' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Game'), '');

    await user.selectOptions(screen.getByLabelText('Core'), 'second.test:16662');
    expect(screen.queryByRole('region', { name: 'Home Box' })).toBeNull();
    expect(section('Second Box')).toBeInTheDocument();
  });

  it('asks for a sign-in only on the core without a token, and that one only', async () => {
    fleet();
    const { user, router } = renderApp('/');
    const guest = await screen.findByRole('region', { name: 'Guest Box' });
    expect(screen.getByRole('status', { name: 'Guest Box: Signed out' })).toBeInTheDocument();
    expect(within(section('Home Box')).queryByRole('button', { name: 'Sign in' })).toBeNull();
    await user.click(within(guest).getByRole('button', { name: 'Sign in' }));
    // Select user has nothing to offer without a token there, so it goes on to the sign-in.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login/user'));
    expect(getSession().current?.address).toBe('guest.test');
    // The other cores keep their tokens.
    expect(Object.keys(getSession().tokens).sort()).toEqual(
      ['core.test:16662', 'down.test:16662', 'second.test:16662'].sort(),
    );
  });

  it('opens an instance of another core by switching to that core', async () => {
    fleet();
    const { user, router } = renderApp('/');
    const second = await screen.findByRole('region', { name: 'Second Box' });
    const gamma = await within(second).findByRole('article', { name: 'Gamma' });
    await user.click(within(gamma).getByRole('button', { name: 'Gamma' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('instance')).toBe('G');
    expect(params.get('address')).toBe('second.test');
  });

  it('stays the single-core home with one saved core', async () => {
    signInToCores();
    installFakeFetch({
      [TEST_CORE_HOST]: hostRoutes('Home Box', [instanceInfo({ uuid: 'A', name: 'Alpha' })]),
    });
    renderApp('/');
    await screen.findByRole('article', { name: 'Alpha' });
    expect(screen.getByRole('list', { name: 'Instances' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Fleet summary' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Home Box' })).toBeNull();
  });
});
