import { describe, expect, it } from 'vitest';
import { PLAYER_ACTIONS, PlayerListsSchema } from '@hearth/protocol';
import { ENTRIES_PER_TASK, parsePlayerLists } from './get-player-lists.ts';

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
