import { describe, expect, it } from 'vitest';
import { describeCron, parseCronParts } from './cron-describe.ts';
import { describeTrigger } from './schedules.ts';

describe('describeCron', () => {
  it.each([
    ['* * * * *', 'every minute'],
    ['*/5 * * * *', 'every 5 minutes'],
    ['0 * * * *', 'every hour'],
    ['15 * * * *', 'every hour at minute 15'],
    ['0,30 * * * *', 'every hour at minutes 0 and 30'],
    ['0 */2 * * *', 'every 2 hours'],
    ['10 */6 * * *', 'every 6 hours at minute 10'],
    ['0 4 * * *', 'every day at 04:00'],
    ['@daily', 'every day at 00:00'],
    ['@hourly', 'every hour'],
    ['@weekly', 'every Sunday at 00:00'],
    ['@monthly', 'on day 1 of every month at 00:00'],
    ['@yearly', 'on January 1 at 00:00'],
    ['30 4 * * 1', 'every Monday at 04:30'],
    ['30 4 * * MON,FRI', 'every Monday and Friday at 04:30'],
    ['0 4 * * 1-5', 'every weekday at 04:00'],
    ['0 9 * * 6,0', 'every Saturday and Sunday at 09:00'],
    ['0 9 * * 7', 'every Sunday at 09:00'],
    ['0 4,16 * * *', 'every day at 04:00 and 16:00'],
    ['0 4 1,15 * *', 'on days 1 and 15 of every month at 04:00'],
    ['0 4 1 JAN,JUL *', 'on day 1 of January and July at 04:00'],
    ['0 4 * 12 *', 'every day in December at 04:00'],
    ['0 4 1 * 1', 'on day 1 of every month and every Monday at 04:00'],
    ['*/10 * * * 1-5', 'every 10 minutes, on weekdays'],
    ['* 9-17 * * *', 'every minute from 09:00 to 17:59'],
    ['*/15 9-17 * * 1-5', 'every 15 minutes from 09:00 to 17:59, on weekdays'],
    ['0 0 L * *', 'cron "0 0 L * *"'],
    ['0 4 * *', 'cron "0 4 * *"'],
    ['99 4 * * *', 'cron "99 4 * * *"'],
    ['0,10,20,30,40,50 1,2 * * *', 'cron "0,10,20,30,40,50 1,2 * * *"'],
  ])('%s → %s', (expression, words) => {
    expect(describeCron(expression)).toBe(words);
  });
});

describe('describeTrigger', () => {
  it('puts triggers in words', () => {
    expect(describeTrigger({ type: 'Cron', expression: '0 4 * * *', timezone: 'UTC' })).toBe(
      'every day at 04:00 (UTC)',
    );
    expect(describeTrigger({ type: 'Interval', every_seconds: 900 })).toBe('every 15 minutes');
    expect(describeTrigger({ type: 'Interval', every_seconds: 3600 })).toBe('every hour');
    expect(describeTrigger({ type: 'Interval', every_seconds: 45 })).toBe('every 45 seconds');
    expect(describeTrigger({ type: 'Event', event: 'PlayerJoined' })).toBe('when a player joins');
    expect(describeTrigger({ type: 'ConsoleLine', pattern: 'hi$' })).toBe(
      'when a console line matches /hi$/',
    );
  });
});

describe('parseCronParts', () => {
  it('gives the typed parts a translated preview is worded from', () => {
    expect(parseCronParts('30 4 * * MON,FRI')).toEqual({
      kind: 'at',
      times: [{ hour: 4, minute: 30 }],
      days: { monthDays: null, months: null, weekdays: [1, 5] },
    });
    expect(parseCronParts('*/15 9-17 * * 1-5')).toEqual({
      kind: 'repeat',
      repeat: { kind: 'window', minuteStep: 15, fromHour: 9, toHour: 17 },
      days: { monthDays: null, months: null, weekdays: [1, 2, 3, 4, 5] },
    });
    expect(parseCronParts('@monthly')).toEqual({
      kind: 'at',
      times: [{ hour: 0, minute: 0 }],
      days: { monthDays: [1], months: null, weekdays: null },
    });
    expect(parseCronParts('10 */6 * * *')).toEqual({
      kind: 'repeat',
      repeat: { kind: 'hours', step: 6, minute: 10 },
      days: { monthDays: null, months: null, weekdays: null },
    });
    expect(parseCronParts('0 0 L * *')).toBeNull();
    expect(parseCronParts('0 0 */2 * *')).toBeNull();
  });
});
