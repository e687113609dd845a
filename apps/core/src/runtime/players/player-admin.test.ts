import { describe, expect, it } from 'vitest';
import { PlayerActionSchema } from '@hearth/protocol';
import { PlayerManagementSchema } from '../generic/schemas.ts';
import {
  VANILLA_PLAYER_COMMANDS,
  VANILLA_PLAYER_FILES,
  commandFor,
  supportOf,
  type PlayerAdmin,
} from './player-admin.ts';

const vanilla: PlayerAdmin = {
  commands: { ...VANILLA_PLAYER_COMMANDS },
  files: { ...VANILLA_PLAYER_FILES },
  whitelistSwitch: { file: 'server.properties', format: 'properties', key: 'white-list' },
  uuids: 'online',
  opLevel: 4,
};

describe('commandFor', () => {
  it('fills the placeholders and drops a missing reason', () => {
    const ban = PlayerActionSchema.parse({ action: 'ban', name: 'Steve', reason: 'griefing' });
    expect(commandFor(VANILLA_PLAYER_COMMANDS.ban, ban)).toBe('ban Steve griefing');
    const bare = PlayerActionSchema.parse({ action: 'kick', name: 'Steve' });
    expect(commandFor(VANILLA_PLAYER_COMMANDS.kick, bare)).toBe('kick Steve');
    const ip = PlayerActionSchema.parse({ action: 'ban_ip', ip: '203.0.113.7', reason: null });
    expect(commandFor(VANILLA_PLAYER_COMMANDS.ban_ip, ip)).toBe('ban-ip 203.0.113.7');
    expect(commandFor('whitelist on', { action: 'whitelist_on' })).toBe('whitelist on');
  });
});

describe('supportOf', () => {
  it('offers a way per command and per file; kick has no file', () => {
    const support = supportOf(vanilla);
    expect(support.kick).toEqual(['command']);
    expect(support.ban).toEqual(['command', 'file']);
    expect(support.whitelist_off).toEqual(['command', 'file']);
  });

  it('leaves out what a game does not declare, and everything for a game without any', () => {
    const commandsOnly = supportOf({ ...vanilla, files: {}, whitelistSwitch: null });
    expect(commandsOnly.ban).toEqual(['command']);
    const filesOnly = supportOf({ ...vanilla, commands: {} });
    expect(filesOnly.kick).toEqual([]);
    expect(filesOnly.op).toEqual(['file']);
    expect(Object.values(supportOf(null)).every((ways) => ways.length === 0)).toBe(true);
  });
});

describe("a definition's players block", () => {
  it('accepts vanilla-like commands and files, with defaults', () => {
    const parsed = PlayerManagementSchema.parse({
      commands: { ban: 'ban {name} {reason}', whitelist_on: 'whitelist on' },
      files: { banned_players: 'data/banned-players.json' },
    });
    expect(parsed).toEqual({
      commands: { ban: 'ban {name} {reason}', whitelist_on: 'whitelist on' },
      files: { banned_players: 'data/banned-players.json' },
      whitelist_switch: null,
      uuids: 'offline',
    });
  });

  it('refuses what could run a second command or leave the folder', () => {
    const bad = (players: unknown) => PlayerManagementSchema.safeParse(players).success;
    expect(bad({ commands: { ban: 'ban {name}\nop Mallory' } })).toBe(false);
    expect(bad({ commands: { ban: 'ban Steve' } })).toBe(false);
    expect(bad({ commands: { pardon: 'pardon {name} {reason}' } })).toBe(false);
    expect(bad({ commands: { whitelist_on: 'whitelist {name}' } })).toBe(false);
    expect(bad({ commands: { explode: 'boom {name}' } })).toBe(false);
    expect(bad({ files: { ops: '../ops.json' } })).toBe(false);
    expect(bad({ files: { ops: '/etc/ops.json' } })).toBe(false);
    expect(bad({ files: { bans: 'bans.json' } })).toBe(false);
    expect(
      bad({ whitelist_switch: { file: 'server.properties', format: 'yaml', key: 'white-list' } }),
    ).toBe(false);
    expect(bad({ whitelist_switch: { file: 'cfg.json', format: 'json', key: 'a.b c' } })).toBe(
      false,
    );
  });
});
