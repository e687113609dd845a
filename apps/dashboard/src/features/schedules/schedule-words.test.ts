import { describe, expect, it } from 'vitest';
import { SCHEDULE_PROBLEMS, describeCron, describeTrigger } from '@hearth/protocol';
import type { ScheduleTrigger } from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { cronText, problemText, triggerText } from './schedule-words.ts';

// The forms protocol's describeCron covers (cron-describe.test.ts), and some it does not.
const EXPRESSIONS = [
  '* * * * *',
  '*/5 * * * *',
  '*/1 * * * *',
  '0 * * * *',
  '15 * * * *',
  '0,30 * * * *',
  '0 */2 * * *',
  '0 */1 * * *',
  '10 */6 * * *',
  '0 4 * * *',
  '@daily',
  '@hourly',
  '@weekly',
  '@monthly',
  '@yearly',
  '30 4 * * 1',
  '30 4 * * MON,FRI',
  '0 4 * * 1-5',
  '0 9 * * 6,0',
  '0 9 * * 7',
  '0 4,16 * * *',
  '0 4 1,15 * *',
  '0 4 1 JAN,JUL *',
  '0 4 * 12 *',
  '0 4 * 6,7 1',
  '0 4 1 * 1',
  '*/10 * * * 1-5',
  '*/10 * 1,2 * 6,0',
  '*/10 * * 3 2,4',
  '* * 1 2 *',
  '* 9-17 * * *',
  '*/15 9-17 * * 1-5',
  '0 0 L * *',
  '0 4 * *',
  '99 4 * * *',
  '0,10,20,30,40,50 1,2 * * *',
];

const TRIGGERS: ScheduleTrigger[] = [
  { type: 'Cron', expression: '0 4 * * *', timezone: 'UTC' },
  { type: 'Interval', every_seconds: 900 },
  { type: 'Interval', every_seconds: 3600 },
  { type: 'Interval', every_seconds: 7200 },
  { type: 'Interval', every_seconds: 86_400 * 3 },
  { type: 'Interval', every_seconds: 45 },
  { type: 'Event', event: 'PlayerJoined' },
  { type: 'Event', event: 'InstanceCrashed' },
  { type: 'ConsoleLine', pattern: 'hi$' },
];

describe('schedules in words', () => {
  it('English is the protocol’s, word for word, for every cron form and trigger', () => {
    for (const expression of EXPRESSIONS)
      expect(cronText(expression)).toBe(describeCron(expression));
    for (const trigger of TRIGGERS) expect(triggerText(trigger)).toBe(describeTrigger(trigger));
    for (const text of Object.values(SCHEDULE_PROBLEMS)) expect(problemText(text)).toBe(text);
  });

  it('German words the typed parts its own way', async () => {
    await activateLocale('de');
    expect(cronText('0 4 * * *')).toBe('jeden Tag um 04:00');
    expect(cronText('30 4 * * MON,FRI')).toBe('jeden Montag und Freitag um 04:30');
    expect(cronText('*/15 9-17 * * 1-5')).toBe('alle 15 Minuten von 09:00 bis 17:59, an Werktagen');
    expect(cronText('0 4 1 JAN,JUL *')).toBe('am Tag 1 im Januar und Juli um 04:00');
    expect(triggerText({ type: 'Interval', every_seconds: 3600 })).toBe('jede Stunde');
    expect(triggerText({ type: 'Event', event: 'PlayerJoined' })).toBe('wenn ein Spieler beitritt');
    expect(problemText(SCHEDULE_PROBLEMS.interval_too_short)).toBe(
      'Das Intervall muss mindestens 10 Sekunden betragen',
    );
  });

  it('Chinese too', async () => {
    await activateLocale('zh-CN');
    expect(cronText('0 4 * * *')).toBe('每天 04:00');
    expect(triggerText({ type: 'Cron', expression: '@weekly', timezone: 'UTC' })).toBe(
      '每星期日 00:00（UTC）',
    );
  });
});
