import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_ACTIONS, PlayerListsSchema } from '@hearth/protocol';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, validJwt } from '@/test/fixtures.ts';
import { connectTo } from '@/test/render-app.tsx';
import { ENTRIES_PER_TASK, getPlayerLists, parsePlayerLists } from './get-player-lists.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(bans: unknown[]) {
  return {
    support: Object.fromEntries(PLAYER_ACTIONS.map((a) => [a, ['command']])),
    whitelist_enabled: true,
    banned_players: bans,
    banned_ips: null,
    ops: [{ uuid: null, name: 'Alex', level: 4, bypasses_player_limit: false }],
    whitelist: [],
    problems: [],
  };
}

const ban = (i: number) => ({
  uuid: null,
  name: `Player${i}`,
  created: null,
  source: null,
  expires: null,
  reason: null,
});

describe('parsePlayerLists', () => {
  it('checks every entry, slice by slice, and gives what the protocol schema gives', async () => {
    const raw = answer(Array.from({ length: ENTRIES_PER_TASK * 2 + 5 }, (_, i) => ban(i)));
    const parsed = await parsePlayerLists(raw);
    expect(parsed).toEqual(PlayerListsSchema.parse(raw));
    expect(parsed.banned_players).toHaveLength(ENTRIES_PER_TASK * 2 + 5);
  });

  it('refuses a bad entry in a later slice as the schema would', async () => {
    const bans = Array.from({ length: ENTRIES_PER_TASK + 3 }, (_, i) => ban(i));
    bans[ENTRIES_PER_TASK + 1] = { ...ban(0), name: 42 } as unknown as ReturnType<typeof ban>;
    await expect(parsePlayerLists(answer(bans))).rejects.toThrow();
    expect(PlayerListsSchema.safeParse(answer(bans)).success).toBe(false);
  });
});

describe('getPlayerLists', () => {
  it('gives the same object for an unchanged answer (the 5 s refresh of a quiet server)', async () => {
    connectTo(TEST_CORE, validJwt());
    let bans = [ban(1), ban(2)];
    installFakeFetch(
      coreRoutes({ 'GET /instance/Q/players/lists': () => ({ body: answer(bans) }) }),
    );
    const first = await getPlayerLists('Q');
    const again = await getPlayerLists('Q');
    // The same object: nothing is parsed again and nothing downstream is made again.
    expect(again).toBe(first);
    bans = [ban(1)];
    const changed = await getPlayerLists('Q');
    expect(changed).not.toBe(first);
    expect(changed.banned_players?.map((b) => b.name)).toEqual(['Player1']);
  });

  it('refuses an answer of the wrong shape', async () => {
    connectTo(TEST_CORE, validJwt());
    installFakeFetch(
      coreRoutes({ 'GET /instance/R/players/lists': { body: { ...answer([]), ops: 'x' } } }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(getPlayerLists('R')).rejects.toThrow('Unexpected response');
  });
});
