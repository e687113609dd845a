import { describe, expect, it } from 'vitest';
import { dirEntry, fileEntry } from '../file-fixtures.ts';
import { canUnarchiveSelection, checkUnzip, unzipChoices } from './unzip-rules.ts';

describe('unzip rules', () => {
  it('needs exactly one selected item', () => {
    expect(canUnarchiveSelection([])).toBe(false);
    expect(canUnarchiveSelection([fileEntry('a.zip')])).toBe(true);
    expect(canUnarchiveSelection([fileEntry('a.zip'), fileEntry('b.zip')])).toBe(false);
  });

  it('refuses folders and unsupported types with the spec texts', () => {
    expect(checkUnzip(dirEntry('world'))).toEqual({
      ok: false,
      message: 'Only files can be unzipped',
    });
    expect(checkUnzip(fileEntry('notes.txt'))).toEqual({
      ok: false,
      message: 'Unsupported zip file type',
    });
    expect(checkUnzip(fileEntry('plain'))).toEqual({
      ok: false,
      message: 'Unsupported zip file type',
    });
    for (const name of ['a.zip', 'a.gz', 'a.tgz'])
      expect(checkUnzip(fileEntry(name)).ok).toBe(true);
  });

  it('names the three modes after the archive stem', () => {
    expect(unzipChoices(fileEntry('backup.zip'))).toEqual([
      { mode: 'Normal', label: 'Unzip here' },
      { mode: 'Smart', label: 'Unzip here (smart)' },
      { mode: 'ToDirectoryWithFileName', label: 'Unzip to backup' },
    ]);
  });
});
