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

/**
 * Every message a schedule check can give, by code. The core answers with the English (its wire
 * texts); the dashboard reads the code back (`scheduleProblemOf`) and words it in the reader's
 * language. The numbers in them are the SCHEDULE_* limits above.
 */
export const SCHEDULE_PROBLEMS = {
  cron_too_long: 'Cron expression is too long',
  cron_fields: 'A cron expression has five fields: minute hour day-of-month month day-of-week',
  unknown_time_zone: 'Unknown time zone',
  interval_not_number: 'The interval must be a number',
  interval_not_whole: 'The interval must be a whole number of seconds',
  interval_too_short: `The interval must be at least ${SCHEDULE_INTERVAL_MIN_S} seconds`,
  interval_too_long: 'The interval must be at most a year',
  pattern_empty: 'Pattern cannot be empty',
  pattern_too_long: `Pattern cannot be longer than ${SCHEDULE_PATTERN_MAX} characters`,
  pattern_invalid: 'Pattern is not a valid regular expression',
  command_empty: 'Command cannot be empty',
  command_too_long: `Command cannot be longer than ${SCHEDULE_COMMAND_MAX} characters`,
  command_multiline: 'The command must be a single line',
  macro_empty: 'Macro name cannot be empty',
  macro_too_long: 'Macro name cannot be longer than 255 characters',
  macro_argument_too_long: 'A macro argument cannot be longer than 1000 characters',
  macro_too_many_arguments: 'At most 32 macro arguments',
  wait_not_number: 'Seconds must be a number',
  wait_not_whole: 'Seconds must be a whole number',
  wait_too_short: 'Wait at least 1 second',
  wait_too_long: 'Wait at most a day',
  description_too_long: `Description cannot be longer than ${SCHEDULE_DESCRIPTION_MAX} characters`,
  no_steps: 'A schedule needs at least one step',
  too_many_steps: `A schedule has at most ${SCHEDULE_STEPS_MAX} steps`,
} as const;
export type ScheduleProblem = keyof typeof SCHEDULE_PROBLEMS;

const PROBLEM_BY_TEXT = new Map<string, ScheduleProblem>(
  Object.entries(SCHEDULE_PROBLEMS).map(([code, text]) => [text, code as ScheduleProblem]),
);

/** The code of a schedule check's message, or null for any other text. */
export function scheduleProblemOf(message: string): ScheduleProblem | null {
  return PROBLEM_BY_TEXT.get(message) ?? null;
}

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
  z.maxLength(100, SCHEDULE_PROBLEMS.cron_too_long),
  z.refine(
    (s) =>
      /^@(yearly|annually|monthly|weekly|daily|hourly)$/i.test(s) || s.split(/\s+/).length === 5,
    SCHEDULE_PROBLEMS.cron_fields,
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
    timezone: z.string().check(z.refine(isValidTimeZone, SCHEDULE_PROBLEMS.unknown_time_zone)),
  }),
  z.object({
    type: z.literal('Interval'),
    every_seconds: z
      .number(SCHEDULE_PROBLEMS.interval_not_number)
      .check(
        z.int(SCHEDULE_PROBLEMS.interval_not_whole),
        z.gte(SCHEDULE_INTERVAL_MIN_S, SCHEDULE_PROBLEMS.interval_too_short),
        z.lte(SCHEDULE_INTERVAL_MAX_S, SCHEDULE_PROBLEMS.interval_too_long),
      ),
  }),
  z.object({ type: z.literal('Event'), event: ScheduleEventKindSchema }),
  z.object({
    type: z.literal('ConsoleLine'),
    /** A JavaScript regular expression (no flags) tested against each console line. */
    pattern: z.string().check(
      z.minLength(1, SCHEDULE_PROBLEMS.pattern_empty),
      z.maxLength(SCHEDULE_PATTERN_MAX, SCHEDULE_PROBLEMS.pattern_too_long),
      z.refine((p) => {
        try {
          new RegExp(p);
          return true;
        } catch {
          return false;
        }
      }, SCHEDULE_PROBLEMS.pattern_invalid),
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
    z.minLength(1, SCHEDULE_PROBLEMS.command_empty),
    z.maxLength(SCHEDULE_COMMAND_MAX, SCHEDULE_PROBLEMS.command_too_long),
    z.refine((s) => !/[\r\n]/.test(s), SCHEDULE_PROBLEMS.command_multiline),
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
      z.minLength(1, SCHEDULE_PROBLEMS.macro_empty),
      z.maxLength(255, SCHEDULE_PROBLEMS.macro_too_long),
    ),
  args: z
    .array(z.string().check(z.maxLength(1000, SCHEDULE_PROBLEMS.macro_argument_too_long)))
    .check(z.maxLength(32, SCHEDULE_PROBLEMS.macro_too_many_arguments)),
});
const WaitStepSchema = z.object({
  type: z.literal('Wait'),
  seconds: z
    .number(SCHEDULE_PROBLEMS.wait_not_number)
    .check(
      z.int(SCHEDULE_PROBLEMS.wait_not_whole),
      z.gte(1, SCHEDULE_PROBLEMS.wait_too_short),
      z.lte(SCHEDULE_WAIT_MAX_S, SCHEDULE_PROBLEMS.wait_too_long),
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
    .check(z.trim(), z.maxLength(SCHEDULE_DESCRIPTION_MAX, SCHEDULE_PROBLEMS.description_too_long)),
  trigger: ScheduleTriggerSchema,
  steps: z
    .array(ScheduleStepSchema)
    .check(
      z.minLength(1, SCHEDULE_PROBLEMS.no_steps),
      z.maxLength(SCHEDULE_STEPS_MAX, SCHEDULE_PROBLEMS.too_many_steps),
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
