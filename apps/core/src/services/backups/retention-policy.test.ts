import { describe, expect, it } from 'vitest';
import { GIB, NO_RETENTION, type BackupRetention } from '@hearth/protocol';
import { retentionVictims, type RetentionCandidate } from './retention-policy.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = 100 * DAY;

/** b(id, age in days, size in GiB, locked?, a restore's safety backup?) */
function b(
  id: string,
  ageDays: number,
  gib = 1,
  locked = false,
  safety = false,
): RetentionCandidate {
  return { id, created_at: NOW - ageDays * DAY, size_bytes: gib * GIB, locked, safety };
}

const policy = (p: Partial<BackupRetention>): BackupRetention => ({ ...NO_RETENTION, ...p });

describe('retentionVictims', () => {
  const five = [b('a', 5), b('b', 4), b('c', 3), b('d', 2), b('e', 1)];

  it.each<[string, RetentionCandidate[], BackupRetention, string[]]>([
    ['no limits keep everything', five, NO_RETENTION, []],
    ['keep last 3', five, policy({ keep_last: 3 }), ['a', 'b']],
    ['keep last 10 (fewer exist)', five, policy({ keep_last: 10 }), []],
    ['newer than 2.5 days', five, policy({ max_age_days: 2.5 }), ['a', 'b', 'c']],
    ['under 2.5 GiB total', five, policy({ max_total_gib: 2.5 }), ['a', 'b', 'c']],
    [
      'limits combine: any limit removes',
      five,
      policy({ keep_last: 4, max_age_days: 3.5 }),
      ['a', 'b'],
    ],
    [
      'locked ones are exempt and not counted',
      [b('a', 5, 1, true), b('b', 4), b('c', 3, 1, true), b('d', 2), b('e', 1)],
      policy({ keep_last: 2 }),
      ['b'],
    ],
    [
      'locked ones do not use the size budget',
      [b('a', 5, 10, true), b('b', 4), b('c', 1)],
      policy({ max_total_gib: 2 }),
      [],
    ],
    [
      'the newest is kept even when alone over budget',
      [b('a', 2, 1), b('b', 1, 5)],
      policy({ max_total_gib: 2 }),
      ['a'],
    ],
    [
      'the newest is kept even when too old',
      [b('a', 40), b('b', 30)],
      policy({ max_age_days: 7 }),
      ['a'],
    ],
    [
      "a restore's safety backups are exempt and not counted (issue 23 #9)",
      [b('a', 5), b('s', 4, 1, false, true), b('c', 3), b('t', 1, 1, false, true)],
      policy({ keep_last: 1, max_age_days: 2, max_total_gib: 1 }),
      ['a'],
    ],
    ['empty list', [], policy({ keep_last: 1 }), []],
    [
      'order of input does not matter',
      [b('e', 1), b('a', 5), b('c', 3), b('b', 4), b('d', 2)],
      policy({ keep_last: 2 }),
      ['a', 'b', 'c'],
    ],
  ])('%s', (_name, backups, p, expected) => {
    expect(retentionVictims(backups, p, NOW)).toEqual(expected);
  });
});
