import { z } from 'zod/mini';
import { BackupNameSchema } from './backups.ts';
import { describeCron } from './cron-describe.ts';

// Hearth's schedules (issue 13; not in the reference). Times are unix milliseconds.

export const SCHEDULE_DESCRIPTION_MAX = 200;
export const SCHEDULE_STEPS_MAX = 50;
export const SCHEDULE_COMMAND_MAX = 1000;
export const SCHEDULE_PATTERN_MAX = 200;
/** Shortest fixed interval (a shorter one is a busy loop, not a schedule). */
export const SCHEDULE_INTERVAL_MIN_S = 10;
export const SCHEDULE_INTERVAL_MAX_S = 366 * 24 * 3600;
export const SCHEDULE_WAIT_MAX_S = 24 * 3600;
/** Run records kept per schedule (older ones are dropped). */
export const SCHEDULE_RUNS_KEPT = 100;
/** Schedules one instance may have. */
export const SCHEDULES_PER_INSTANCE_MAX = 100;
/** An event trigger starts at most one run per this many ms (and none while its run goes on). */
export const SCHEDULE_EVENT_COOLDOWN_MS = 1000;
/** A time trigger whose timer fires later than this after its due time records a missed run. */
export const SCHEDULE_MISS_GRACE_MS = 60_000;

/** True when `zone` is an IANA time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Five fields (minute hour day-of-month month day-of-week) or a nickname such as `@daily`. */
export const CronExpressionSchema = z.string().check(
  z.trim(),
  z.maxLength(100, 'Cron expression is too long'),
  z.refine(
    (s) =>
      /^@(yearly|annually|monthly|weekly|daily|hourly)$/i.test(s) || s.split(/\s+/).length === 5,
    'A cron expression has five fields: minute hour day-of-month month day-of-week',
  ),
);

export const ScheduleEventKindSchema = z.enum([
  'InstanceStarted',
  'InstanceStopped',
  'InstanceCrashed',
  'PlayerJoined',
  'PlayerLeft',
]);
export type ScheduleEventKind = z.infer<typeof ScheduleEventKindSchema>;

export const ScheduleTriggerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('Cron'),
    expression: CronExpressionSchema,
    timezone: z.string().check(z.refine(isValidTimeZone, 'Unknown time zone')),
  }),
  z.object({
    type: z.literal('Interval'),
    every_seconds: z
      .number('The interval must be a number')
      .check(
        z.int('The interval must be a whole number of seconds'),
        z.gte(
          SCHEDULE_INTERVAL_MIN_S,
          `The interval must be at least ${SCHEDULE_INTERVAL_MIN_S} seconds`,
        ),
        z.lte(SCHEDULE_INTERVAL_MAX_S, 'The interval must be at most a year'),
      ),
  }),
  z.object({ type: z.literal('Event'), event: ScheduleEventKindSchema }),
  z.object({
    type: z.literal('ConsoleLine'),
    /** A JavaScript regular expression (no flags) tested against each console line. */
    pattern: z.string().check(
      z.minLength(1, 'Pattern cannot be empty'),
      z.maxLength(
        SCHEDULE_PATTERN_MAX,
        `Pattern cannot be longer than ${SCHEDULE_PATTERN_MAX} characters`,
      ),
      z.refine((p) => {
        try {
          new RegExp(p);
          return true;
        } catch {
          return false;
        }
      }, 'Pattern is not a valid regular expression'),
    ),
  }),
]);
export type ScheduleTrigger = z.infer<typeof ScheduleTriggerSchema>;

export const PowerActionSchema = z.enum(['start', 'stop', 'restart', 'kill']);
export type PowerAction = z.infer<typeof PowerActionSchema>;

export const StepTypeSchema = z.enum(['Command', 'Power', 'Backup', 'Macro', 'Wait']);
export type StepType = z.infer<typeof StepTypeSchema>;

// The dashboard's schedule editor shows these messages as they are, and zod/mini loads no locale
// (its default text is "Invalid input"): every check a draft can fail carries its own words.
const CommandStepSchema = z.object({
  type: z.literal('Command'),
  command: z.string().check(
    z.minLength(1, 'Command cannot be empty'),
    z.maxLength(
      SCHEDULE_COMMAND_MAX,
      `Command cannot be longer than ${SCHEDULE_COMMAND_MAX} characters`,
    ),
    z.refine((s) => !/[\r\n]/.test(s), 'The command must be a single line'),
  ),
});
const PowerStepSchema = z.object({ type: z.literal('Power'), action: PowerActionSchema });
const BackupStepSchema = z.object({
  type: z.literal('Backup'),
  name: z.nullable(BackupNameSchema),
  locked: z.boolean(),
});
const MacroStepSchema = z.object({
  type: z.literal('Macro'),
  macro: z
    .string()
    .check(
      z.minLength(1, 'Macro name cannot be empty'),
      z.maxLength(255, 'Macro name cannot be longer than 255 characters'),
    ),
  args: z
    .array(
      z.string().check(z.maxLength(1000, 'A macro argument cannot be longer than 1000 characters')),
    )
    .check(z.maxLength(32, 'At most 32 macro arguments')),
});
const WaitStepSchema = z.object({
  type: z.literal('Wait'),
  seconds: z
    .number('Seconds must be a number')
    .check(
      z.int('Seconds must be a whole number'),
      z.gte(1, 'Wait at least 1 second'),
      z.lte(SCHEDULE_WAIT_MAX_S, 'Wait at most a day'),
    ),
});

export const ScheduleStepSchema = z.discriminatedUnion('type', [
  CommandStepSchema,
  PowerStepSchema,
  BackupStepSchema,
  MacroStepSchema,
  WaitStepSchema,
]);
export type ScheduleStep = z.infer<typeof ScheduleStepSchema>;

/** What a client sends to create or replace a schedule. */
export const ScheduleInputSchema = z.object({
  description: z
    .string()
    .check(
      z.trim(),
      z.maxLength(
        SCHEDULE_DESCRIPTION_MAX,
        `Description cannot be longer than ${SCHEDULE_DESCRIPTION_MAX} characters`,
      ),
    ),
  trigger: ScheduleTriggerSchema,
  steps: z
    .array(ScheduleStepSchema)
    .check(
      z.minLength(1, 'A schedule needs at least one step'),
      z.maxLength(SCHEDULE_STEPS_MAX, `A schedule has at most ${SCHEDULE_STEPS_MAX} steps`),
    ),
  enabled: z.boolean(),
  /** Skip a run (recorded as Skipped) when the instance is not running at that moment. */
  only_when_running: z.boolean(),
  /** Go on with the next step after a failed one (otherwise the rest is skipped). */
  continue_on_failure: z.boolean(),
});
export type ScheduleInput = z.infer<typeof ScheduleInputSchema>;

export const RunOutcomeSchema = z.enum(['Running', 'Success', 'Failed', 'Skipped', 'Missed']);
export type RunOutcome = z.infer<typeof RunOutcomeSchema>;

export const StepOutcomeSchema = z.object({
  index: z.number().check(z.int()),
  type: StepTypeSchema,
  outcome: z.enum(['Success', 'Failed', 'Skipped']),
  /** Empty when `hidden`. */
  message: z.string(),
  started_at: z.nullable(z.number()),
  finished_at: z.nullable(z.number()),
  /** The permission check refused the step at run time (`message` says who may not do what). */
  refused: z.optional(z.literal(true)),
  /** The viewer may not see what this step said (see `StepVisibility`). */
  hidden: z.optional(z.literal(true)),
});
export type StepOutcome = z.infer<typeof StepOutcomeSchema>;

export const ScheduleRunSchema = z.object({
  id: z.string(),
  schedule_id: z.string(),
  /** When the trigger was due (time triggers) or fired (events, run now). */
  scheduled_for: z.number(),
  started_at: z.number(),
  finished_at: z.nullable(z.number()),
  outcome: RunOutcomeSchema,
  /** Why it failed, was skipped or missed; null on success. */
  reason: z.nullable(z.string()),
  /** What started it, in words ("cron", "Player joined: Steve", "Run now by alice"). */
  cause: z.string(),
  steps: z.array(StepOutcomeSchema),
});
export type ScheduleRun = z.infer<typeof ScheduleRunSchema>;

/**
 * A step as a viewer sees it: a console command or a macro step the viewer may not see is sent
 * with its text emptied and `hidden: true` (the Event Logs' rule, `StepVisibility`).
 */
export const ScheduleStepViewSchema = z.discriminatedUnion('type', [
  z.extend(CommandStepSchema, {
    command: z.string(),
    hidden: z.optional(z.literal(true)),
  }),
  PowerStepSchema,
  BackupStepSchema,
  z.extend(MacroStepSchema, {
    macro: z.string(),
    args: z.array(z.string()),
    hidden: z.optional(z.literal(true)),
  }),
  WaitStepSchema,
]);
export type ScheduleStepView = z.infer<typeof ScheduleStepViewSchema>;

export const ScheduleSchema = z.extend(ScheduleInputSchema, {
  steps: z.array(ScheduleStepViewSchema),
  id: z.string(),
  instance_uuid: z.string(),
  /** The user whose permissions every run uses (the last one who saved the steps). */
  author_uid: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  /** Next due time of a time trigger while enabled; null for events or when disabled. */
  next_run: z.nullable(z.number()),
  last_run: z.nullable(ScheduleRunSchema),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/**
 * Which steps a viewer may see the insides of: the rule the Event Logs apply to the same actions
 * (a console command needs the console, a macro run the macro permission; core
 * `events/log-visibility.ts`). Power, backup and wait steps only need to view the instance.
 */
export interface StepVisibility {
  Command: boolean;
  Macro: boolean;
}

export const ALL_STEPS_VISIBLE: StepVisibility = { Command: true, Macro: true };
/** What anyone who may view the instance sees (Event Logs entries of kind schedules, progressions). */
export const NO_STEP_DETAILS: StepVisibility = { Command: false, Macro: false };

function stepHidden(type: StepType, may: StepVisibility): boolean {
  return (type === 'Command' && !may.Command) || (type === 'Macro' && !may.Macro);
}

/** A step as `may` lets its viewer see it. */
export function stepForViewer(step: ScheduleStepView, may: StepVisibility): ScheduleStepView {
  if (!stepHidden(step.type, may)) return step;
  if (step.type === 'Command') return { type: 'Command', command: '', hidden: true };
  if (step.type === 'Macro') return { type: 'Macro', macro: '', args: [], hidden: true };
  return step;
}

/**
 * Whether a step's message tells what the step held: a command's `Sent "…"`, anything a macro step
 * reports (its name, its error text). A permission refusal, a command that could not be sent and a
 * skipped step say nothing of it.
 */
function messageHidden(step: StepOutcome, may: StepVisibility): boolean {
  if (!stepHidden(step.type, may) || step.refused === true || step.outcome === 'Skipped')
    return false;
  return step.type === 'Macro' || step.outcome === 'Success';
}

/**
 * A run as `may` lets its viewer see it: what hidden steps said is emptied, and a failure reason
 * that quoted one says only which step failed.
 */
export function runForViewer(run: ScheduleRun, may: StepVisibility): ScheduleRun {
  if (may.Command && may.Macro) return run;
  const steps = run.steps.map((step) =>
    messageHidden(step, may) ? { ...step, message: '', hidden: true as const } : step,
  );
  const failed = run.steps.find((step) => step.outcome === 'Failed');
  const reason =
    failed !== undefined && messageHidden(failed, may) && run.reason !== null
      ? `Step ${failed.index + 1} (${failed.type}) failed`
      : run.reason;
  return { ...run, steps, reason };
}

/** A schedule (its steps and last run) as `may` lets its viewer see it. */
export function scheduleForViewer(schedule: Schedule, may: StepVisibility): Schedule {
  if (may.Command && may.Macro) return schedule;
  return {
    ...schedule,
    steps: schedule.steps.map((step) => stepForViewer(step, may)),
    last_run: schedule.last_run === null ? null : runForViewer(schedule.last_run, may),
  };
}

function duration(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units)
    if (seconds % size === 0) {
      const n = seconds / size;
      return n === 1 ? unit : `${n} ${unit}s`;
    }
  return `${seconds} seconds`;
}

const EVENT_WORDS: Record<ScheduleEventKind, string> = {
  InstanceStarted: 'when the instance starts',
  InstanceStopped: 'when the instance stops',
  InstanceCrashed: 'when the instance crashes',
  PlayerJoined: 'when a player joins',
  PlayerLeft: 'when a player leaves',
};

/** A trigger in words, as the schedule list shows it. */
export function describeTrigger(trigger: ScheduleTrigger): string {
  switch (trigger.type) {
    case 'Cron':
      return `${describeCron(trigger.expression)} (${trigger.timezone})`;
    case 'Interval':
      return `every ${duration(trigger.every_seconds)}`;
    case 'Event':
      return EVENT_WORDS[trigger.event];
    case 'ConsoleLine':
      return `when a console line matches /${trigger.pattern}/`;
  }
}

/**
 * The progression title of a schedule's run (its description, else its trigger in words). The
 * dashboard's Schedules tab refreshes when a run of its instance starts or ends.
 */
export function scheduleProgressionTitle(
  schedule: Pick<ScheduleInput, 'description' | 'trigger'>,
  instanceName: string,
): string {
  return `Schedule "${scheduleDisplayName(schedule)}" of ${instanceName}`;
}

/** A schedule's name in lists and logs: its description, else its trigger in words. */
export function scheduleDisplayName(schedule: Pick<ScheduleInput, 'description' | 'trigger'>) {
  return schedule.description.trim() || describeTrigger(schedule.trigger);
}

export function isScheduleProgressionOf(title: string, instanceName: string): boolean {
  return title.startsWith('Schedule "') && title.endsWith(`" of ${instanceName}`);
}

/** `POST /test/clock/advance` (test runs only, HEARTH_TEST_CLOCK=1): moves the schedules' clock. */
export const TestClockAdvanceBodySchema = z.object({
  ms: z.number().check(z.int(), z.gte(0), z.lte(SCHEDULE_INTERVAL_MAX_S * 1000)),
});
export const TestClockSchema = z.object({ now: z.number() });
