import { t } from '@lingui/core/macro';
import { ScheduleInputSchema } from '@hearth/protocol';
import type {
  PowerAction,
  Schedule,
  ScheduleEventKind,
  ScheduleInput,
  ScheduleStep,
  ScheduleTrigger,
  StepType,
} from '@hearth/protocol';
import { problemText, triggerText } from './schedule-words.ts';

// The schedule editor's state: text fields as typed, turned into a ScheduleInput (checked with the
// protocol schema, the one the core parses with) only when saved.

export type TriggerKind = ScheduleTrigger['type'];
export type IntervalUnit = 'seconds' | 'minutes' | 'hours' | 'days';

export const UNIT_SECONDS: Record<IntervalUnit, number> = {
  seconds: 1,
  minutes: 60,
  hours: 3600,
  days: 86_400,
};

export interface TriggerDraft {
  kind: TriggerKind;
  cron: string;
  timezone: string;
  every: string;
  unit: IntervalUnit;
  event: ScheduleEventKind;
  pattern: string;
}

export interface StepDraft {
  /** Stable across reorders (React key), never sent. */
  key: number;
  type: StepType;
  command: string;
  action: PowerAction;
  backupName: string;
  locked: boolean;
  macro: string;
  /** Macro arguments separated by spaces. */
  args: string;
  seconds: string;
}

export interface ScheduleDraft {
  description: string;
  trigger: TriggerDraft;
  steps: StepDraft[];
  enabled: boolean;
  onlyWhenRunning: boolean;
  continueOnFailure: boolean;
}

/** Field → message; keys: `description`, `trigger`, `steps`, `steps.<i>`. */
export type DraftErrors = Record<string, string>;

let nextKey = 1;

export function emptyStep(type: StepType): StepDraft {
  return {
    key: nextKey++,
    type,
    command: '',
    action: 'restart',
    backupName: '',
    locked: false,
    macro: '',
    args: '',
    seconds: '30',
  };
}

export function emptyDraft(timezone: string): ScheduleDraft {
  return {
    description: '',
    trigger: {
      kind: 'Cron',
      cron: '0 4 * * *',
      timezone,
      every: '1',
      unit: 'hours',
      event: 'InstanceStarted',
      pattern: '',
    },
    steps: [emptyStep('Command')],
    enabled: true,
    onlyWhenRunning: false,
    continueOnFailure: false,
  };
}

function intervalParts(seconds: number): { every: string; unit: IntervalUnit } {
  for (const unit of ['days', 'hours', 'minutes'] as const)
    if (seconds % UNIT_SECONDS[unit] === 0)
      return { every: String(seconds / UNIT_SECONDS[unit]), unit };
  return { every: String(seconds), unit: 'seconds' };
}

function stepDraft(step: ScheduleStep): StepDraft {
  const draft = emptyStep(step.type);
  switch (step.type) {
    case 'Command':
      return { ...draft, command: step.command };
    case 'Power':
      return { ...draft, action: step.action };
    case 'Backup':
      return { ...draft, backupName: step.name ?? '', locked: step.locked };
    case 'Macro':
      return { ...draft, macro: step.macro, args: step.args.join(' ') };
    case 'Wait':
      return { ...draft, seconds: String(step.seconds) };
  }
}

/** An existing schedule in the editor. */
export function draftOf(schedule: Schedule, timezone: string): ScheduleDraft {
  const base = emptyDraft(timezone);
  const t = schedule.trigger;
  const trigger: TriggerDraft = { ...base.trigger, kind: t.type };
  if (t.type === 'Cron') Object.assign(trigger, { cron: t.expression, timezone: t.timezone });
  if (t.type === 'Interval') Object.assign(trigger, intervalParts(t.every_seconds));
  if (t.type === 'Event') trigger.event = t.event;
  if (t.type === 'ConsoleLine') trigger.pattern = t.pattern;
  return {
    description: schedule.description,
    trigger,
    steps: schedule.steps.map(stepDraft),
    enabled: schedule.enabled,
    onlyWhenRunning: schedule.only_when_running,
    continueOnFailure: schedule.continue_on_failure,
  };
}

function number(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function triggerOf(draft: TriggerDraft): unknown {
  switch (draft.kind) {
    case 'Cron':
      return { type: 'Cron', expression: draft.cron.trim(), timezone: draft.timezone.trim() };
    case 'Interval':
      return { type: 'Interval', every_seconds: number(draft.every) * UNIT_SECONDS[draft.unit] };
    case 'Event':
      return { type: 'Event', event: draft.event };
    case 'ConsoleLine':
      return { type: 'ConsoleLine', pattern: draft.pattern };
  }
}

function stepOf(step: StepDraft): unknown {
  switch (step.type) {
    case 'Command':
      return { type: 'Command', command: step.command.trim() };
    case 'Power':
      return { type: 'Power', action: step.action };
    case 'Backup':
      return { type: 'Backup', name: step.backupName.trim() || null, locked: step.locked };
    case 'Macro':
      return {
        type: 'Macro',
        macro: step.macro.trim(),
        args: step.args.split(/\s+/).filter((a) => a !== ''),
      };
    case 'Wait':
      return { type: 'Wait', seconds: number(step.seconds) };
  }
}

function errorKey(path: PropertyKey[]): string {
  if (path[0] === 'steps' && typeof path[1] === 'number') return `steps.${path[1]}`;
  return String(path[0] ?? 'form');
}

/** The draft as the core takes it, or the first problem of each field. */
export function toInput(
  draft: ScheduleDraft,
): { ok: true; input: ScheduleInput } | { ok: false; errors: DraftErrors } {
  const parsed = ScheduleInputSchema.safeParse({
    description: draft.description,
    trigger: triggerOf(draft.trigger),
    steps: draft.steps.map(stepOf),
    enabled: draft.enabled,
    only_when_running: draft.onlyWhenRunning,
    continue_on_failure: draft.continueOnFailure,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const key = errorKey(issue.path);
    errors[key] ??= problemText(issue.message);
  }
  return { ok: false, errors };
}

/** The trigger in words as it would be saved ("every day at 04:00 (UTC)"), or why it cannot be. */
export function triggerPreview(draft: TriggerDraft): { ok: boolean; text: string } {
  const parsed = ScheduleInputSchema.shape.trigger.safeParse(triggerOf(draft));
  if (parsed.success) return { ok: true, text: triggerText(parsed.data) };
  const first = parsed.error.issues[0];
  return { ok: false, text: first ? problemText(first.message) : t`Invalid trigger` };
}

export function moveStep(steps: StepDraft[], index: number, delta: -1 | 1): StepDraft[] {
  const to = index + delta;
  if (to < 0 || to >= steps.length) return steps;
  const next = [...steps];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

export function removeStep(steps: StepDraft[], index: number): StepDraft[] {
  return steps.filter((_, i) => i !== index);
}

/** The browser's time zone (what a new cron trigger starts with). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
