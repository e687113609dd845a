import { describe, expect, it } from 'vitest';
import { coreFileNote, isCoreFile } from './core-files.ts';

describe('Hearth files in an instance folder (issue 15 #8)', () => {
  it("recognises Lodestone's marker files at the top level only", () => {
    expect(isCoreFile({ name: '.lodestone_config' }, '.')).toBe(true);
    expect(isCoreFile({ name: '.lodestone_minecraft_config.json' }, '.')).toBe(true);
    expect(isCoreFile({ name: '.lodestone_config' }, 'world')).toBe(false);
  });

  it("recognises Hearth's own files anywhere", () => {
    expect(isCoreFile({ name: '.hearth-tmp-3f2a' }, 'config/mods')).toBe(true);
    expect(isCoreFile({ name: '.hearth_creating' }, '.')).toBe(true);
  });

  it('leaves the game files alone, hearth-squid.json included', () => {
    for (const name of ['server.properties', 'hearth-squid.json', '.gitignore', 'world'])
      expect(isCoreFile({ name }, '.')).toBe(false);
  });

  it('says what each kind is', () => {
    expect(coreFileNote({ name: '.lodestone_config' })).toContain('never reads it back');
    expect(coreFileNote({ name: '.hearth-tmp-1' })).toContain('not part of the game');
  });
});
