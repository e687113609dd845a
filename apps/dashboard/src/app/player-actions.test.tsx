// Issue 27: the Overview's player list offers kick, ban, op and whitelist to those who may manage
// the instance's players (the actions are the players feature's; app/ combines the two), and the
// Players tab is gated by the same permission.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PLAYER_ACTIONS, emptyPermissions } from '@hearth/protocol';
import { instanceInfo, publicUser } from '@/test/fixtures.ts';
import { renderApp, signInWithInstances } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

// The tabs are lazy chunks: load them before the first test's clock starts, not inside its wait.
beforeAll(async () => {
  await import('./routes/instance-dashboard-overview.tsx');
  await import('./routes/instance-players-tab.tsx');
});

describe('player actions (issue 27)', () => {
  const online = instanceInfo({
    uuid: 'A',
    name: 'Alpha',
    state: 'Running',
    player_count: 1,
    player_list: [{ type: 'MinecraftPlayer', name: 'Steve', uuid: null }],
  });
  const lists = {
    support: Object.fromEntries(PLAYER_ACTIONS.map((a) => [a, ['command']])),
    whitelist_enabled: false,
    banned_players: [],
    banned_ips: [],
    ops: [],
    whitelist: [],
    problems: [],
  };

  it('the Overview offers them on each online player to a user who may manage players', async () => {
    const moderator = publicUser({
      permissions: {
        ...emptyPermissions(),
        can_view_instance: ['A'],
        can_manage_instance_players: ['A'],
      },
    });
    signInWithInstances(moderator, [online], { 'GET /instance/A/players/lists': { body: lists } });
    const { user } = renderApp('/dashboard/overview?instance=A');
    // The whole app renders here: on a loaded machine the first paint takes seconds.
    const players = await screen.findByRole('region', { name: 'Players' }, { timeout: 15_000 });
    await user.click(await within(players).findByRole('button', { name: 'Actions for Steve' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Kick…',
      'Ban…',
      'Make operator',
      'Add to whitelist',
    ]);
  }, 30_000);

  const viewer = publicUser({
    permissions: { ...emptyPermissions(), can_view_instance: ['A'] },
  });

  it('viewing the instance is not enough for the Overview to offer them', async () => {
    signInWithInstances(viewer, [online]);
    renderApp('/dashboard/overview?instance=A');
    const players = await screen.findByRole('region', { name: 'Players' });
    expect(await within(players).findByText('Steve')).toBeInTheDocument();
    expect(within(players).queryByRole('button', { name: 'Actions for Steve' })).toBeNull();
  });

  it('nor for the Players tab, which says No permission and reads nothing', async () => {
    const calls = signInWithInstances(viewer, [online]);
    renderApp('/dashboard/players?instance=A');
    const tab = await screen.findByRole('region', { name: 'Instance tab' });
    expect(await within(tab).findByText('No permission')).toBeInTheDocument();
    expect(calls.callsTo('GET', '/instance/A/players/lists')).toHaveLength(0);
  });
});
