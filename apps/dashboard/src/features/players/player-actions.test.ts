import { describe, expect, it } from 'vitest';
import { PLAYER_ACTIONS } from '@hearth/protocol';
import type { PlayerActionSupport, PlayerLists } from '@hearth/protocol';
import { availability, doneText, listEntries, matchEntries, standing } from './player-actions.ts';

const both = Object.fromEntries(
  PLAYER_ACTIONS.map((a) => [a, a === 'kick' ? ['command'] : ['command', 'file']]),
) as PlayerActionSupport;

describe('availability', () => {
  it('hides what the game lacks and explains what the state does not allow', () => {
    expect(availability({ ...both, ban_ip: [] }, 'ban_ip', 'Running')).toEqual({ shown: false });
    expect(availability(undefined, 'ban', 'Running')).toEqual({ shown: false });
    expect(availability(both, 'ban', 'Running')).toEqual({ shown: true, disabledReason: null });
    expect(availability(both, 'kick', 'Stopped')).toEqual({
      shown: true,
      disabledReason: 'Only while the server is running',
    });
    expect(availability({ ...both, op: ['file'] }, 'op', 'Running')).toEqual({
      shown: true,
      disabledReason: 'Only while the server is stopped',
    });
    expect(availability(both, 'ban', 'Starting')).toEqual({
      shown: true,
      disabledReason: 'Wait until the server is running or stopped',
    });
  });
});

describe('doneText', () => {
  it('says what happened, or that it was sent when the server has not shown it yet', () => {
    const ban = { action: 'ban', name: 'Steve', reason: null } as const;
    expect(doneText(ban, { via: 'file', confirmed: true })).toBe('Banned Steve');
    expect(doneText(ban, { via: 'command', confirmed: false })).toBe(
      'Sent to the server: Banned Steve',
    );
    expect(doneText({ action: 'op', name: 'Alex' }, { via: 'command', confirmed: true })).toBe(
      'Alex is now an operator',
    );
    expect(doneText({ action: 'whitelist_on' }, { via: 'file', confirmed: true })).toBe(
      'The whitelist is on',
    );
  });
});

const lists: PlayerLists = {
  support: both,
  whitelist_enabled: false,
  banned_players: [
    {
      uuid: null,
      name: 'Steve',
      created: '2025-01-02 03:04:05 +0000',
      source: 'owner',
      expires: 'forever',
      reason: 'griefing',
    },
  ],
  banned_ips: [
    {
      ip: '203.0.113.7',
      created: null,
      source: null,
      expires: '2030-01-01 00:00:00 +0000',
      reason: null,
    },
  ],
  ops: [{ uuid: null, name: 'Alex', level: 4, bypasses_player_limit: true }],
  whitelist: null,
  problems: [],
};

describe('the lists in words', () => {
  it('gives each row its name or address and the rest in one line', () => {
    const rows = listEntries(lists);
    expect(rows.bannedPlayers?.[0]).toMatchObject({
      primary: 'Steve',
      secondary: 'griefing · by owner · 2025-01-02 03:04:05 +0000',
    });
    expect(rows.bannedIps?.[0]?.secondary).toBe('until 2030-01-01 00:00:00 +0000');
    expect(rows.ops?.[0]?.secondary).toBe('Level 4 · may join a full server');
    expect(rows.whitelist).toBeNull();
    // Made once per answer: opening the tab again does not make 10,000 rows again.
    expect(listEntries(lists)).toBe(rows);
  });

  it('finds rows by name, address or reason in any case', () => {
    const rows = listEntries(lists).bannedPlayers ?? [];
    expect(matchEntries(rows, 'GRIEF')).toHaveLength(1);
    expect(matchEntries(rows, 'alex')).toHaveLength(0);
    expect(matchEntries(rows, '  ')).toBe(rows);
  });

  it('tells where a player stands (null: the game keeps no such list)', () => {
    expect(standing(lists, 'steve')).toEqual({ banned: true, op: false, whitelisted: null });
    expect(standing(undefined, 'Steve')).toEqual({ banned: null, op: null, whitelisted: null });
    expect(standing(lists, 'ALEX')).toEqual({ banned: false, op: true, whitelisted: null });
  });
});
