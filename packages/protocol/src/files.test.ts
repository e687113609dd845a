import { describe, expect, it } from 'vitest';
import { compareClientFiles } from './files.ts';
import type { ClientFile, FileType } from './files.ts';

const file = (name: string, file_type: FileType = 'File'): ClientFile => ({
  name,
  file_stem: name.replace(/\.[^.]*$/, ''),
  extension: null,
  path: name,
  size: file_type === 'File' ? 1 : null,
  creation_time: null,
  modification_time: null,
  file_type,
});

describe('compareClientFiles (dashboard.md §3)', () => {
  it('directories first, then by name', () => {
    const list = [
      file('server.properties'),
      file('world', 'Directory'),
      file('banned-ips.json'),
      file('logs', 'Directory'),
      file('eula.txt'),
      file('fifo', 'Unknown'),
    ];
    expect([...list].sort(compareClientFiles).map((f) => f.name)).toEqual([
      'logs',
      'world',
      'banned-ips.json',
      'eula.txt',
      'fifo',
      'server.properties',
    ]);
  });

  it('a directory sorts before a file even when its name sorts later', () => {
    expect(compareClientFiles(file('zzz', 'Directory'), file('aaa'))).toBeLessThan(0);
    expect(compareClientFiles(file('aaa'), file('zzz', 'Directory'))).toBeGreaterThan(0);
  });

  it('names compare case-insensitively and numerically', () => {
    const names = ['world10', 'World2', 'world1'].map((n) => file(n, 'Directory'));
    expect(names.sort(compareClientFiles).map((f) => f.name)).toEqual([
      'world1',
      'World2',
      'world10',
    ]);
  });

  it('equal entries compare as 0', () => {
    expect(compareClientFiles(file('a.txt'), file('a.txt'))).toBe(0);
  });
});
