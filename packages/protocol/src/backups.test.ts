import { describe, expect, it } from 'vitest';
import {
  BACKUP_NAME_MAX,
  BackupNameSchema,
  backupNameProblem,
  backupNameProblemOf,
  backupProgressionKind,
  backupProgressionTitle,
  restoreProgressionTitle,
} from './backups.ts';

describe('backupNameProblem', () => {
  it('gives the code of what BackupNameSchema refuses, and null for what it takes', () => {
    const cases: [string, ReturnType<typeof backupNameProblem>][] = [
      ['  ', 'empty'],
      ['x'.repeat(BACKUP_NAME_MAX + 1), 'too_long'],
      ['a\u0007b', 'control_character'],
      [` ${'x'.repeat(BACKUP_NAME_MAX)} `, null],
      ['nightly', null],
    ];
    for (const [name, problem] of cases) {
      expect(backupNameProblem(name)).toBe(problem);
      const parsed = BackupNameSchema.safeParse(name);
      expect(parsed.success).toBe(problem === null);
      if (!parsed.success)
        expect(backupNameProblemOf(parsed.error.issues[0]!.message)).toBe(problem);
    }
  });
});

describe('backupProgressionKind', () => {
  it('reads back what the core titled, for that instance only', () => {
    expect(backupProgressionKind(backupProgressionTitle('backup', 'Alpha'), 'Alpha')).toEqual({
      kind: 'backup',
    });
    expect(backupProgressionKind(backupProgressionTitle('safety', 'Alpha'), 'Alpha')).toEqual({
      kind: 'safety',
    });
    expect(backupProgressionKind(restoreProgressionTitle('"nightly"', 'Alpha'), 'Alpha')).toEqual({
      kind: 'restore',
      label: '"nightly"',
    });
    expect(backupProgressionKind(backupProgressionTitle('backup', 'Beta'), 'Alpha')).toBeNull();
    expect(backupProgressionKind('Downloading Alpha', 'Alpha')).toBeNull();
  });
});
