import { Cron } from 'croner';
import type { ScheduleTrigger } from '@hearth/protocol';
import { badRequest } from '../../errors.ts';

export type TimeTrigger = Extract<ScheduleTrigger, { type: 'Cron' | 'Interval' }>;

export function isTimeTrigger(trigger: ScheduleTrigger): trigger is TimeTrigger {
  return trigger.type === 'Cron' || trigger.type === 'Interval';
}

function cronOf(trigger: Extract<ScheduleTrigger, { type: 'Cron' }>): Cron {
  return new Cron(trigger.expression, { timezone: trigger.timezone, mode: '5-part', paused: true });
}

/** Refuses a cron expression croner cannot run (the protocol schema only checks its shape). */
export function validateTrigger(trigger: ScheduleTrigger): void {
  if (trigger.type !== 'Cron') return;
  let next: Date | null;
  try {
    next = cronOf(trigger).nextRun();
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/^CronPattern: /, '') : 'invalid';
    throw badRequest('Invalid cron expression', reason);
  }
  if (next === null) throw badRequest('Invalid cron expression', 'It never runs');
}

/**
 * The first due time strictly after `after` (unix ms). An interval counts from `anchor` (when the
 * schedule was saved), so it keeps its rhythm across restarts; cron uses its own time zone.
 */
export function nextDue(trigger: TimeTrigger, anchor: number, after: number): number | null {
  if (trigger.type === 'Interval') {
    const every = trigger.every_seconds * 1000;
    if (after < anchor) return anchor + every;
    return anchor + (Math.floor((after - anchor) / every) + 1) * every;
  }
  return cronOf(trigger).nextRun(new Date(after))?.getTime() ?? null;
}

/** How many due times fall in [from, to) — the runs missed while the core was down (capped). */
export function countDue(
  trigger: TimeTrigger,
  anchor: number,
  from: number,
  to: number,
  cap = 10_000,
): number {
  if (trigger.type === 'Interval') {
    const every = trigger.every_seconds * 1000;
    return Math.min(cap, Math.max(0, Math.ceil((to - from) / every)));
  }
  let count = 0;
  let at: number | null = from;
  while (at !== null && at < to && count < cap) {
    count++;
    at = nextDue(trigger, anchor, at);
  }
  return count;
}
