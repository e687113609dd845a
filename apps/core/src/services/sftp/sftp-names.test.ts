import { describe, expect, it } from 'vitest';
import { toClientPath, toSftpPath } from './sftp-paths.ts';
import { instanceIdOf, instanceOfShortId, parseSftpUsername, shortIds } from './sftp-names.ts';

const A = 'INSTANCE_1a2b3c4d-0000-4000-8000-000000000001';
const B = 'INSTANCE_1a2b3c4d-9999-4000-8000-000000000002';
const C = 'INSTANCE_ffee0011-2222-4000-8000-000000000003';

describe('SFTP usernames', () => {
  it('split at the last dot: Hearth usernames may hold dots, short ids never do', () => {
    expect(parseSftpUsername('alice.1a2b3c4d')).toEqual({ username: 'alice', shortId: '1a2b3c4d' });
    expect(parseSftpUsername('j.r.r.FFEE0011')).toEqual({ username: 'j.r.r', shortId: 'ffee0011' });
    for (const bad of ['alice', '.1a2b3c4d', 'alice.', ''])
      expect(parseSftpUsername(bad)).toBeNull();
  });

  it('short ids are 8 characters of the uuid, longer only where two instances share them', () => {
    expect(instanceIdOf(A)).toBe('1a2b3c4d000040008000000000000001');
    const ids = shortIds([A, B, C]);
    expect(ids.get(C)).toBe('ffee0011');
    expect(ids.get(A)).toBe('1a2b3c4d0');
    expect(ids.get(B)).toBe('1a2b3c4d9');
    expect(shortIds([A, C]).get(A)).toBe('1a2b3c4d');
  });

  it('name exactly one instance, by at least 8 characters of its id, in any case', () => {
    expect(instanceOfShortId('ffee0011', [A, B, C])).toBe(C);
    expect(instanceOfShortId('FFEE0011', [A, B, C])).toBe(C);
    expect(instanceOfShortId('1a2b3c4d9', [A, B, C])).toBe(B);
    expect(instanceOfShortId(instanceIdOf(A), [A, B, C])).toBe(A);
    expect(instanceOfShortId('1a2b3c4d', [A, B, C])).toBeNull();
    expect(instanceOfShortId('ffee001', [A, B, C])).toBeNull();
    expect(instanceOfShortId('ffee-0011', [A, B, C])).toBeNull();
    expect(instanceOfShortId('00000000', [A, B, C])).toBeNull();
  });
});

describe('SFTP paths', () => {
  it.each([
    ['/', '.'],
    ['.', '.'],
    ['', '.'],
    ['/world/level.dat', 'world/level.dat'],
    ['world//./level.dat', 'world/level.dat'],
    ['/..', '.'],
    ['../../../etc/passwd', 'etc/passwd'],
    ['/world/../../../x', 'x'],
    ['/a/b/../c', 'a/c'],
  ])('%s is %s from the instance folder', (sftp, client) => {
    expect(toClientPath(sftp)).toBe(client);
  });

  it('names the sandbox refuses are refused', () => {
    for (const bad of ['a\\..\\b', 'x\0y', '/.hearth-tmp-0123456789abcdef'])
      expect(() => toClientPath(bad)).toThrow('Invalid path');
  });

  it('client paths become absolute SFTP paths', () => {
    expect(toSftpPath('.')).toBe('/');
    expect(toSftpPath('world/level.dat')).toBe('/world/level.dat');
  });
});
