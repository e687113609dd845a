import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PLAYER_ACTIONS } from '@hearth/protocol';
import type { InstanceInfo, PlayerActionSupport, PlayerLists } from '@hearth/protocol';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { instanceInfo } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render-app.tsx';
import { PlayersScreen } from './players-screen.tsx';

// jsdom lays nothing out: the lists are virtualized, so give every box a height.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => vi.unstubAllGlobals());

const EVERYTHING = Object.fromEntries(
  PLAYER_ACTIONS.map((a) => [a, a === 'kick' ? ['command'] : ['command', 'file']]),
) as PlayerActionSupport;
const NOTHING = Object.fromEntries(
  PLAYER_ACTIONS.map((a) => [a, [] as PlayerActionSupport[typeof a]]),
) as PlayerActionSupport;

function lists(overrides: Partial<PlayerLists> = {}): PlayerLists {
  return {
    support: EVERYTHING,
    whitelist_enabled: false,
    banned_players: [
      {
        uuid: null,
        name: 'Griefer',
        created: '2025-01-02 03:04:05 +0000',
        source: 'owner',
        expires: 'forever',
        reason: 'griefing',
      },
    ],
    banned_ips: [],
    ops: [{ uuid: null, name: 'Alex', level: 4, bypasses_player_limit: false }],
    whitelist: [],
    problems: [],
    ...overrides,
  };
}

const LISTS = 'GET /instance/A/players/lists';
const ACTION = 'POST /instance/A/players/action';

function setup(
  options: {
    instance?: Partial<InstanceInfo>;
    lists?: PlayerLists;
    canManage?: boolean;
    routes?: Record<string, FakeHandler>;
  } = {},
) {
  const screenWith = (instance: Partial<InstanceInfo>) => (
    <PlayersScreen
      instance={instanceInfo({ uuid: 'A', name: 'Alpha', ...instance })}
      canManage={options.canManage ?? true}
    />
  );
  const { network, user, show } = renderScreen(screenWith(options.instance ?? {}), {
    [LISTS]: { body: options.lists ?? lists() },
    [ACTION]: { body: { via: 'file', confirmed: true } },
    ...options.routes,
  });
  /** The instance changed (a player left, the state moved on), as the event stream tells it. */
  const update = (instance: Partial<InstanceInfo>) => show(screenWith(instance));
  return { network, user, update };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Players tab', () => {
  it('without can_manage_instance_players shows No permission and reads nothing', () => {
    const { network } = setup({ canManage: false });
    expect(screen.getByText('No permission')).toBeInTheDocument();
    expect(network.callsTo('GET', '/instance/A/players/lists')).toHaveLength(0);
  });

  it("shows the server's lists while it is stopped, and says where changes go", async () => {
    setup();
    expect(
      await screen.findByText(
        'The server is stopped: changes are written to its files and apply when it starts.',
      ),
    ).toHaveAttribute('role', 'status');
    const bans = within(section('Banned players'));
    expect(bans.getByText('Griefer')).toBeInTheDocument();
    expect(bans.getByText('griefing · by owner · 2025-01-02 03:04:05 +0000')).toBeInTheDocument();
    expect(within(section('Operators')).getByText('Level 4')).toBeInTheDocument();
    expect(
      within(section('Whitelist')).getByText('Nobody is on the whitelist'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Whitelist' })).not.toBeChecked();
    expect(within(section('Online')).getByText('No players online')).toBeInTheDocument();
  });

  it('bans a player with a reason and says so', async () => {
    const { network, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Ban player' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban a player' });
    await user.type(within(dialog).getByLabelText('Player name'), 'Steve');
    await user.type(within(dialog).getByLabelText('Reason'), 'griefing the spawn');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('Banned Steve')).toBeInTheDocument();
    expect(network.callsTo('POST', '/instance/A/players/action')[0]?.body).toEqual({
      action: 'ban',
      name: 'Steve',
      reason: 'griefing the spawn',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The lists are read again after the change.
    await waitFor(() =>
      expect(network.callsTo('GET', '/instance/A/players/lists')).toHaveLength(2),
    );
  });

  it('checks a name before sending it, and shows what the core refused', async () => {
    const { network, user } = setup({
      routes: {
        [ACTION]: {
          status: 400,
          body: { kind: 'BadRequest', causes: ['Alex is already an operator'] },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add operator' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an operator' });
    await user.type(within(dialog).getByLabelText('Player name'), 'Steve op Mallory');
    await user.click(within(dialog).getByRole('button', { name: 'Make operator' }));
    expect(
      within(dialog).getByText('Player name can only hold letters, digits, "_", "-" and "."'),
    ).toBeInTheDocument();
    expect(network.callsTo('POST', '/instance/A/players/action')).toHaveLength(0);
    const field = within(dialog).getByLabelText('Player name');
    await user.clear(field);
    await user.type(field, 'Alex');
    await user.click(within(dialog).getByRole('button', { name: 'Make operator' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Alex is already an operator',
    );
  });

  it('pardons from the list and turns the whitelist on in one click', async () => {
    const { network, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Pardon Griefer' }));
    expect(await screen.findByText('Pardoned Griefer')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Whitelist' }));
    await waitFor(() =>
      expect(network.callsTo('POST', '/instance/A/players/action').map((c) => c.body)).toEqual([
        { action: 'pardon', name: 'Griefer' },
        { action: 'whitelist_on' },
      ]),
    );
  });

  it('offers kick and the rest on an online player while running', async () => {
    const { network, user } = setup({
      instance: {
        state: 'Running',
        player_count: 1,
        player_list: [{ type: 'MinecraftPlayer', name: 'Steve', uuid: null }],
      },
      routes: { [ACTION]: { body: { via: 'command', confirmed: true } } },
    });
    expect(await screen.findByText("Changes are sent to the server's console.")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Actions for Steve' }));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Kick…', 'Ban…', 'Make operator', 'Add to whitelist']);
    await user.click(screen.getByRole('menuitem', { name: 'Kick…' }));
    const dialog = screen.getByRole('dialog', { name: 'Kick Steve' });
    expect(within(dialog).queryByLabelText('Player name')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'take a break');
    await user.click(within(dialog).getByRole('button', { name: 'Kick' }));
    expect(await screen.findByText('Kicked Steve')).toBeInTheDocument();
    expect(network.callsTo('POST', '/instance/A/players/action')[0]?.body).toEqual({
      action: 'kick',
      name: 'Steve',
      reason: 'take a break',
    });
  });

  it('says the kick worked although the player (and the menu) left before the answer came', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const running = {
      state: 'Running' as const,
      player_count: 1,
      player_list: [{ type: 'MinecraftPlayer' as const, name: 'Steve', uuid: null }],
    };
    const { user, update } = setup({
      instance: running,
      routes: { [ACTION]: () => new Promise((resolve) => (answer = resolve)) },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Steve' }));
    await user.click(screen.getByRole('menuitem', { name: 'Kick…' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Kick Steve' })).getByRole('button', {
        name: 'Kick',
      }),
    );
    // The core answers once the server's player list no longer has Steve: the row went first.
    update({ ...running, player_count: 0, player_list: [] });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Actions for Steve' })).not.toBeInTheDocument(),
    );
    answer({ body: { via: 'command', confirmed: true } });
    expect(await screen.findByText('Kicked Steve')).toBeInTheDocument();
  });

  it('leaves out what the game lacks and disables what only works in the other state', async () => {
    setup({
      lists: lists({
        support: { ...EVERYTHING, ban_ip: [], pardon_ip: [], ban: ['command'] },
        banned_ips: null,
      }),
    });
    const ban = await screen.findByRole('button', { name: 'Ban player' });
    expect(ban).toBeDisabled();
    expect(ban).toHaveAttribute('title', 'Only while the server is running');
    expect(screen.queryByRole('region', { name: 'Banned IP addresses' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ban IP' })).not.toBeInTheDocument();
  });

  it('says so for a game without player actions, and names files it could not read', async () => {
    setup({
      lists: {
        support: NOTHING,
        whitelist_enabled: null,
        banned_players: null,
        banned_ips: null,
        ops: null,
        whitelist: null,
        problems: ['ops.json: Not a regular file'],
      },
    });
    expect(
      await screen.findByText('This game does not let Hearth kick, ban or whitelist its players.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ops.json: Not a regular file');
    expect(screen.queryByRole('button', { name: 'Ban player' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('draws a few rows of 10,000 bans, and finds one by search', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      uuid: null,
      name: `Player${i}`,
      created: null,
      source: null,
      expires: null,
      reason: i === 9_876 ? 'the one' : 'spam',
    }));
    const { user } = setup({ lists: lists({ banned_players: many }) });
    const list = await screen.findByRole('list', { name: 'Banned players' });
    const drawn = within(list).getAllByRole('listitem');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[0]).toHaveAttribute('aria-setsize', '10000');
    await user.type(screen.getByLabelText('Search banned players'), 'the one');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Banned players' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.getByText('Player9876')).toBeInTheDocument();
  });
});
