import { describe, expect, it } from 'vitest';
import {
  bannedPlayerEntry,
  bannedPlayersOf,
  indexOfIp,
  indexOfPlayer,
  operatorsOf,
  parseListFile,
  readSwitch,
  serializeListFile,
  vanillaDate,
  writeSwitch,
} from './player-list-files.ts';

describe('vanilla list files', () => {
  it('reads a list, skipping what is not an entry, and says when the file is no list at all', () => {
    expect(parseListFile('')).toEqual([]);
    expect(parseListFile('[{"name":"Steve"}, 3, null]')).toEqual([{ name: 'Steve' }]);
    expect(parseListFile('{"name":"Steve"}')).toBeNull();
    expect(parseListFile('[{')).toBeNull();
  });

  it('shapes entries for the wire with the fields a file may lack as null', () => {
    expect(bannedPlayersOf([{ name: 'Steve', reason: 'x' }, { uuid: 'no name' }])).toEqual([
      { uuid: null, name: 'Steve', created: null, source: null, expires: null, reason: 'x' },
    ]);
    expect(operatorsOf([{ name: 'Alex', uuid: 'u', level: 2, bypassesPlayerLimit: true }])).toEqual(
      [{ name: 'Alex', uuid: 'u', level: 2, bypasses_player_limit: true }],
    );
  });

  it('finds a player by name in any case or by uuid in either form, and an address', () => {
    const entries = [
      { name: 'Steve', uuid: '5627dd98-e6be-3c21-b8a8-e92344183641' },
      { ip: '203.0.113.7' },
    ];
    expect(indexOfPlayer(entries, { name: 'STEVE' })).toBe(0);
    expect(indexOfPlayer(entries, { name: 'x', uuid: '5627dd98e6be3c21b8a8e92344183641' })).toBe(0);
    expect(indexOfPlayer(entries, { name: 'Alex' })).toBe(-1);
    expect(indexOfIp(entries, '203.0.113.7')).toBe(1);
  });

  it('writes dates and entries as vanilla does', () => {
    expect(vanillaDate(Date.UTC(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02 03:04:05 +0000');
    const entry = bannedPlayerEntry(
      { uuid: 'u', name: 'Steve' },
      { source: 'owner', reason: null, at: Date.UTC(2025, 0, 2) },
    );
    expect(entry).toEqual({
      uuid: 'u',
      name: 'Steve',
      created: '2025-01-02 00:00:00 +0000',
      source: 'owner',
      expires: 'forever',
      reason: 'Banned by an operator.',
    });
    expect(serializeListFile([{ a: 1 }])).toBe('[\n  {\n    "a": 1\n  }\n]\n');
  });
});

describe('the whitelist switch', () => {
  const properties = {
    file: 'server.properties',
    format: 'properties',
    key: 'white-list',
  } as const;
  const json = { file: 'hearth-squid.json', format: 'json', key: 'whitelist' } as const;

  it('is off when its file or key is missing, as for vanilla', () => {
    expect(readSwitch(null, properties)).toBe(false);
    expect(readSwitch('motd=hi\n', properties)).toBe(false);
    expect(readSwitch('white-list=true\n', properties)).toBe(true);
    expect(readSwitch('{"port":1}', json)).toBe(false);
    expect(readSwitch('{"whitelist":true}', json)).toBe(true);
    expect(readSwitch('[1]', json)).toBeNull();
  });

  it('is set with every other line and key kept', () => {
    const text = '#Minecraft server properties\nmotd=hi\nwhite-list=false\nmax-players=20\n';
    expect(writeSwitch(text, properties, true)).toBe(
      '#Minecraft server properties\nmotd=hi\nwhite-list=true\nmax-players=20\n',
    );
    expect(JSON.parse(writeSwitch('{"port":1,"host":"a"}', json, true))).toEqual({
      port: 1,
      host: 'a',
      whitelist: true,
    });
    expect(() => writeSwitch('not json', json, true)).toThrow(/is not a JSON object/);
  });
});
