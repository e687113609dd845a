import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { RunOutcome, Schedule, StepType } from '@hearth/protocol';
import { formatDate } from '@/lib/i18n/format.ts';
import { triggerText } from './schedule-words.ts';

// How the Schedules tab words schedules and runs, in the active language.

export function formatDateTime(ms: number): string {
  return formatDate(ms);
}

/**
 * The schedule's name in lists: its description, else its trigger in words (protocol's
 * scheduleDisplayName, translated).
 */
export function scheduleName(schedule: Pick<Schedule, 'description' | 'trigger'>): string {
  return schedule.description.trim() || triggerText(schedule.trigger);
}

export type OutcomeTone = 'neutral' | 'success' | 'warning' | 'danger';

export const OUTCOME_TONE: Record<RunOutcome, OutcomeTone> = {
  Running: 'warning',
  Success: 'success',
  Failed: 'danger',
  Skipped: 'neutral',
  Missed: 'warning',
};

export const STEP_LABELS: Record<StepType, MessageDescriptor> = {
  Command: msg`Console command`,
  Power: msg`Power action`,
  Backup: msg`Create backup`,
  Macro: msg`Run macro`,
  Wait: msg`Wait`,
};

export function nextRunText(schedule: Pick<Schedule, 'next_run' | 'enabled' | 'trigger'>): string {
  if (!schedule.enabled) return t`Disabled`;
  if (schedule.next_run !== null) return formatDateTime(schedule.next_run);
  return schedule.trigger.type === 'Event' || schedule.trigger.type === 'ConsoleLine'
    ? t`On event`
    : '—';
}
