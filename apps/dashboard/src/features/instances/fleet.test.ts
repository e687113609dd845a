import { describe, expect, it } from 'vitest';
import { SQUID_GAME, instanceInfo } from '@/test/fixtures.ts';
import { NO_FILTER, countByState, filterFleet, fleetGames, summarizeFleet } from './fleet.ts';
import type { FleetCore } from './fleet.ts';

const home: FleetCore = {
  key: 'home:16662',
  name: 'Home',
  down: false,
  warnings: ['Game servers run unsandboxed'],
  instances: [
    instanceInfo({ uuid: 'A', name: 'Alpha', state: 'Running', player_count: 2 }),
    instanceInfo({ uuid: 'B', name: 'Beta', state: 'Stopped', player_count: null }),
  ],
};
const away: FleetCore = {
  key: 'away:16662',
  name: 'Away',
  down: false,
  warnings: [],
  instances: [
    instanceInfo({
      uuid: 'G',
      name: 'Gamma',
      state: 'Running',
      player_count: 3,
      game_type: SQUID_GAME,
    }),
  ],
};
const down: FleetCore = {
  key: 'down:16662',
  name: 'Down',
  down: true,
  warnings: [],
  instances: null,
};

const names = (cores: FleetCore[]) => cores.flatMap((c) => (c.instances ?? []).map((i) => i.name));

describe('fleet', () => {
  it('sums players of running servers, servers running and warnings per core', () => {
    expect(summarizeFleet([home, away, down])).toEqual({
      playersOnline: 5,
      running: 2,
      instances: 3,
      coresUp: 2,
      coresDown: 1,
      warnings: [{ core: 'Home', warnings: ['Game servers run unsandboxed'] }],
    });
  });

  it('filters by state, game and core, and searches names, games and core names', () => {
    const all = [home, away, down];
    expect(names(filterFleet(all, NO_FILTER))).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(names(filterFleet(all, { ...NO_FILTER, state: 'Stopped' }))).toEqual(['Beta']);
    expect(names(filterFleet(all, { ...NO_FILTER, game: 'Minecraft (flying-squid)' }))).toEqual([
      'Gamma',
    ]);
    expect(filterFleet(all, { ...NO_FILTER, core: 'away:16662' }).map((c) => c.name)).toEqual([
      'Away',
    ]);
    expect(names(filterFleet(all, { ...NO_FILTER, search: '  away  ' }))).toEqual(['Gamma']);
    expect(names(filterFleet(all, { ...NO_FILTER, search: 'home beta' }))).toEqual(['Beta']);
    // A down core stays listed (shown as down) whatever the search.
    expect(filterFleet(all, { ...NO_FILTER, search: 'zzz' }).map((c) => c.name)).toEqual([
      'Home',
      'Away',
      'Down',
    ]);
  });

  it('counts states and lists the games', () => {
    expect(countByState(home.instances ?? [])).toEqual({ Running: 1, Stopped: 1 });
    expect(fleetGames([home, away, down])).toEqual([
      'Minecraft (flying-squid)',
      'Minecraft Java (Vanilla)',
    ]);
  });
});
