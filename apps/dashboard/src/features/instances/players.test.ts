import { describe, expect, it } from 'vitest';
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

  it('builds 16 px avatar URLs from the uuid only', () => {
    expect(avatarUrl(p('Steve', '853c80ef-3c37-49fd-aa49-938b674adae6'))).toBe(
      'https://mc-heads.net/avatar/853c80ef-3c37-49fd-aa49-938b674adae6/16',
    );
    expect(avatarUrl(p('Steve'))).toBeNull();
    expect(avatarUrl({ type: 'GenericPlayer', id: '1', name: 'x' })).toBeNull();
  });

  it('falls back to an upper-case initial', () => {
    expect(initialOf('steve')).toBe('S');
    expect(initialOf('  ')).toBe('?');
  });
});
