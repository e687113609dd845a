import type { RunOutcome, Schedule, StepType } from '@hearth/protocol';
import { scheduleDisplayName } from '@hearth/protocol';

// How the Schedules tab words schedules and runs.

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(ms: number): string {
  return DATE_TIME.format(new Date(ms));
}

/** The schedule's name in lists: its description, else its trigger in words. */
export function scheduleName(schedule: Pick<Schedule, 'description' | 'trigger'>): string {
  return scheduleDisplayName(schedule);
}

export type OutcomeTone = 'neutral' | 'success' | 'warning' | 'danger';

export const OUTCOME_TONE: Record<RunOutcome, OutcomeTone> = {
  Running: 'warning',
  Success: 'success',
  Failed: 'danger',
  Skipped: 'neutral',
  Missed: 'warning',
};

export const STEP_LABELS: Record<StepType, string> = {
  Command: 'Console command',
  Power: 'Power action',
  Backup: 'Create backup',
  Macro: 'Run macro',
  Wait: 'Wait',
};

export function nextRunText(schedule: Pick<Schedule, 'next_run' | 'enabled' | 'trigger'>): string {
  if (!schedule.enabled) return 'Disabled';
  if (schedule.next_run !== null) return formatDateTime(schedule.next_run);
  return schedule.trigger.type === 'Event' || schedule.trigger.type === 'ConsoleLine'
    ? 'On event'
    : '—';
}
