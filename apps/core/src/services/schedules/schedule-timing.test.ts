import { describe, expect, it } from 'vitest';
import { CoreError } from '../../errors.ts';
import { countDue, nextDue, validateTrigger } from './schedule-timing.ts';

const t = (iso: string) => Date.parse(iso);

describe('nextDue', () => {
  it('keeps an interval in rhythm with the moment the schedule was saved', () => {
    const trigger = { type: 'Interval', every_seconds: 60 } as const;
    const anchor = t('2026-01-01T00:00:30Z');
    expect(nextDue(trigger, anchor, anchor)).toBe(t('2026-01-01T00:01:30Z'));
    expect(nextDue(trigger, anchor, t('2026-01-01T00:01:29Z'))).toBe(t('2026-01-01T00:01:30Z'));
    expect(nextDue(trigger, anchor, t('2026-01-01T00:01:30Z'))).toBe(t('2026-01-01T00:02:30Z'));
    expect(nextDue(trigger, anchor, t('2026-01-01T05:00:00Z'))).toBe(t('2026-01-01T05:00:30Z'));
  });

  it('runs cron in its own time zone, across a daylight-saving change', () => {
    const trigger = { type: 'Cron', expression: '0 4 * * *', timezone: 'Europe/Paris' } as const;
    // 04:00 in Paris is 03:00Z in winter and 02:00Z in summer (clocks moved on 2025-03-30).
    expect(nextDue(trigger, 0, t('2025-03-29T12:00:00Z'))).toBe(t('2025-03-30T02:00:00Z'));
    expect(nextDue(trigger, 0, t('2025-03-28T12:00:00Z'))).toBe(t('2025-03-29T03:00:00Z'));
    const utc = { type: 'Cron', expression: '*/15 * * * *', timezone: 'UTC' } as const;
    expect(nextDue(utc, 0, t('2026-01-01T10:15:00Z'))).toBe(t('2026-01-01T10:30:00Z'));
  });
});

describe('countDue', () => {
  it('counts the due times in [from, to)', () => {
    const interval = { type: 'Interval', every_seconds: 60 } as const;
    expect(countDue(interval, 0, 60_000, 600_000)).toBe(9);
    expect(countDue(interval, 0, 60_000, 60_001)).toBe(1);
    const hourly = { type: 'Cron', expression: '0 * * * *', timezone: 'UTC' } as const;
    expect(countDue(hourly, 0, t('2026-01-01T01:00:00Z'), t('2026-01-01T05:30:00Z'))).toBe(5);
  });
});

describe('validateTrigger', () => {
  it.each([
    ['61 * * * *', 'Invalid cron expression'],
    ['0 0 30 2 *', 'Invalid cron expression'],
    ['a b c d e', 'Invalid cron expression'],
  ])('refuses %s', (expression, message) => {
    let error: unknown;
    try {
      validateTrigger({ type: 'Cron', expression, timezone: 'UTC' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).causes[0]).toBe(message);
  });

  it('accepts common forms', () => {
    for (const expression of ['* * * * *', '@daily', '0 4 * * MON-FRI', '*/5 9-17 * * *'])
      expect(() => validateTrigger({ type: 'Cron', expression, timezone: 'UTC' })).not.toThrow();
  });
});
