import { describe, expect, it } from 'vitest';
import { TEST_CORE as CORE } from '@/test/fixtures.ts';
import { avatarUrl, initialOf, sortPlayers } from './players.ts';

const p = (name: string, uuid: string | null = null) => ({
  type: 'MinecraftPlayer' as const,
  name,
  uuid,
});

describe('players (dashboard.md §2 Overview)', () => {
  it('sorts by name both ways, ignoring case', () => {
    const players = [p('bob'), p('Alice'), p('carol')];
    expect(sortPlayers(players, 'ascending').map((x) => x.name)).toEqual(['Alice', 'bob', 'carol']);
    expect(sortPlayers(players, 'descending').map((x) => x.name)).toEqual([
      'carol',
      'bob',
      'Alice',
    ]);
  });

  it("asks the core's avatar route by uuid (issue 23 #24), never a third party", () => {
    expect(avatarUrl(p('Steve', '853c80ef-3c37-49fd-aa49-938b674adae6'), CORE, true)).toBe(
      'http://core.test:16662/api/v1/players/avatar/853c80ef-3c37-49fd-aa49-938b674adae6?name=Steve',
    );
    expect(avatarUrl(p('Steve'), CORE, true)).toBeNull();
    expect(avatarUrl({ type: 'GenericPlayer', id: '1', name: 'x' }, CORE, true)).toBeNull();
  });

  it('draws the initial against a core without the route (Lodestone) or none yet', () => {
    const steve = p('Steve', '853c80ef-3c37-49fd-aa49-938b674adae6');
    expect(avatarUrl(steve, CORE, false)).toBeNull();
    expect(avatarUrl(steve, null, true)).toBeNull();
  });

  it('falls back to an upper-case initial', () => {
    expect(initialOf('steve')).toBe('S');
    expect(initialOf('  ')).toBe('?');
  });
});
