import { describe, expect, it } from 'vitest';
import { backupLabel, madeByText, parseRetention, retentionForm } from './backup-format.ts';

describe('backup wording', () => {
  it('says who made a backup', () => {
    expect(madeByText({ type: 'User', user_id: 'u', user_name: 'alice' })).toBe('alice');
    expect(madeByText({ type: 'System' })).toBe('Hearth');
    expect(madeByText({ type: 'Macro', macro_pid: 7 })).toBe('Macro 7');
    expect(
      madeByText({
        type: 'User',
        user_id: 'u',
        user_name: 'alice',
        macro_name: 'nightly',
        macro_pid: 7,
      }),
    ).toBe('macro nightly started by alice');
  });

  it('names unnamed backups by their time', () => {
    expect(backupLabel({ name: 'nightly', created_at: 0 })).toBe('nightly');
    expect(backupLabel({ name: null, created_at: Date.UTC(2026, 0, 5, 12) })).toMatch(
      /^Backup of Jan 5, 2026/,
    );
  });
});

describe('retention fields', () => {
  it('empty fields are no limit; numbers are kept', () => {
    expect(parseRetention({ keepLast: '5', maxAgeDays: '', maxTotalGib: '1.5' })).toEqual({
      ok: true,
      value: { keep_last: 5, max_age_days: null, max_total_gib: 1.5 },
    });
  });

  it('says what is wrong with each field', () => {
    expect(parseRetention({ keepLast: '2.5', maxAgeDays: 'x', maxTotalGib: '0' })).toEqual({
      ok: false,
      errors: {
        keepLast: 'Must be a whole number',
        maxAgeDays: 'Must be a number',
        maxTotalGib: 'Must be more than 0',
      },
    });
  });

  it('shows stored limits as text', () => {
    expect(retentionForm({ keep_last: 3, max_age_days: null, max_total_gib: 2 })).toEqual({
      keepLast: '3',
      maxAgeDays: '',
      maxTotalGib: '2',
    });
  });
});
