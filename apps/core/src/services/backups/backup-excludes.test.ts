import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKUP_EXCLUDES } from '@hearth/protocol';
import { buildExcluder } from './backup-excludes.ts';

describe('buildExcluder', () => {
  const rules = ['logs/', '*.log.gz', '/cache', 'world/**/*.tmp', '!keep.log.gz', ''].join('\n');

  it.each<[string, boolean, boolean]>([
    ['logs', true, true],
    ['logs', false, false],
    ['plugins/x/logs', true, true],
    ['old.log.gz', false, true],
    ['keep.log.gz', false, false],
    ['cache', true, true],
    ['plugins/cache', true, false],
    ['world/region/r.0.0.tmp', false, true],
    ['world/region/r.0.0.mca', false, false],
    ['server.properties', false, false],
    ['.hearth-tmp-0123456789abcdef', false, true],
    ['world/.hearth-tmp-0123456789abcdef', false, true],
    ['.hearth_pid.json', false, true],
    ['plugins/.hearth_pid.json', false, false],
    ['...', false, false],
  ])('%s (dir: %s) excluded: %s', (relative, isDir, expected) => {
    expect(buildExcluder(rules)(relative, isDir)).toBe(expected);
  });

  it('leaves out nothing of the game by default', () => {
    const excluded = buildExcluder(DEFAULT_BACKUP_EXCLUDES);
    for (const name of ['logs', 'crash-reports', 'cache', 'world', 'latest.log.gz'])
      expect(excluded(name, !name.includes('.'))).toBe(false);
    expect(excluded('.hearth-tmp-abc', false)).toBe(true);
  });
});
