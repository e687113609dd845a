import { describe, expect, it } from 'vitest';
import { CoreError } from '../../errors.ts';
import { conflictName, instanceFolderName, sanitizeFileName, splitFileName } from './file-name.ts';
import { isProtectedPath } from './protected-path.ts';

describe('splitFileName (Rust Path rules)', () => {
  it.each([
    ['server.properties', 'server', 'properties'],
    ['archive.tar.gz', 'archive.tar', 'gz'],
    ['.bashrc', '.bashrc', null],
    ['.lodestone_config', '.lodestone_config', null],
    ['Makefile', 'Makefile', null],
    ['trailing.', 'trailing', ''],
  ])('%s → stem %s, extension %s', (name, stem, extension) => {
    expect(splitFileName(name)).toEqual({ stem, extension });
  });
});

describe('conflictName', () => {
  it.each([
    ['a.txt', 1, 'a_1.txt'],
    ['a.txt', 0, 'a.txt'],
    ['world', 2, 'world_2'],
    ['.env', 1, '.env_1'],
  ])('%s #%d → %s', (name, n, expected) => {
    expect(conflictName(name, n)).toBe(expected);
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['report.txt', 'report.txt'],
    ['  spaced.txt  ', 'spaced.txt'],
    ['../../etc/passwd', '.._.._etc_passwd'],
    ['..\\..\\boot.ini', '.._.._boot.ini'],
    ['/etc/passwd', '_etc_passwd'],
    ['nul\0byte.txt', 'nulbyte.txt'],
    ['new\nline.txt', 'newline.txt'],
    ['%2e%2e%2f', '%2e%2e%2f'],
  ])('%j → %j', (input, expected) => {
    const out = sanitizeFileName(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/[/\\\0]/);
  });

  it.each(['', '   ', '.', '..', ' .. ', '\0', '\0..'])('refuses %j', (input) => {
    expect(() => sanitizeFileName(input)).toThrow(CoreError);
  });

  it('cuts long names to 255 bytes and keeps the extension', () => {
    const out = sanitizeFileName(`${'é'.repeat(300)}.jar`);
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(255);
    expect(out.endsWith('.jar')).toBe(true);
    expect(out.startsWith('éé')).toBe(true);
  });
});

describe('instanceFolderName', () => {
  const uuid = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
  it.each([
    ['My Server', uuid, 'My Server-1b4e28ba'],
    ['../../etc', uuid, 'etc-1b4e28ba'],
    ['a/b\\c', uuid, 'abc-1b4e28ba'],
    ['..', uuid, 'instance-1b4e28ba'],
    ['   ', uuid, 'instance-1b4e28ba'],
    ['evil\0name', uuid, 'evilname-1b4e28ba'],
    ['Docker', 'DOCKER-abcdef01-2345', 'Docker-abcdef01'],
    ['Inst', 'INSTANCE_9f8e7d6c', 'Inst-9f8e7d6c'],
  ])('%j + %s → %j', (name, id, expected) => {
    const out = instanceFolderName(name, id);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/[/\\\0]/);
    expect(out.startsWith('.')).toBe(false);
  });

  it('caps the name part', () => {
    expect(instanceFolderName('x'.repeat(500), uuid).length).toBe(64 + 1 + 8);
  });

  it('refuses a uuid with nothing usable', () => {
    expect(() => instanceFolderName('a', '---')).toThrow(CoreError);
  });
});

describe('isProtectedPath (core-api.md §1.4.14)', () => {
  it.each([
    ['mods', true, true],
    ['world/mods', true, true],
    ['plugins', true, false],
    ['.', true, false],
    ['server.jar', false, true],
    ['start.SH', false, true],
    ['run.bat', false, true],
    ['.lodestone_config', false, true],
    ['x.lodestone_config', false, true],
    ['newdir', false, true],
    ['mods', false, true],
    ['server.properties', false, false],
    ['world/level.dat', false, false],
    ['config/app.toml', false, false],
  ])('%s (existing dir: %s) → %s', (rel, isDir, expected) => {
    expect(isProtectedPath(rel, isDir)).toBe(expected);
  });
});
