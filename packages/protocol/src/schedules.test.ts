import { describe, expect, it } from 'vitest';
import {
  BackupSettingsSchema,
  CreateBackupBodySchema,
  DEFAULT_BACKUP_EXCLUDES,
  backupProgressionTitle,
  isBackupProgressionOf,
  restoreProgressionTitle,
} from './backups.ts';
import { describeLogEntry } from './event-log-text.ts';
import { logEntryOfActivity } from './event-log.ts';
import {
  ALL_STEPS_VISIBLE,
  NO_STEP_DETAILS,
  ScheduleInputSchema,
  scheduleProblemOf,
  ScheduleSchema,
  isScheduleProgressionOf,
  isValidTimeZone,
  runForViewer,
  scheduleForViewer,
  scheduleProgressionTitle,
  type Schedule,
  type ScheduleRun,
} from './schedules.ts';

const valid = {
  description: 'nightly',
  trigger: { type: 'Cron', expression: '0 4 * * *', timezone: 'Europe/Paris' },
  steps: [
    { type: 'Command', command: 'say backup in 1 minute' },
    { type: 'Wait', seconds: 60 },
    { type: 'Backup', name: 'nightly', locked: false },
    { type: 'Power', action: 'restart' },
    { type: 'Macro', macro: 'cleanup', args: ['--all'] },
  ],
  enabled: true,
  only_when_running: false,
  continue_on_failure: true,
};

function issues(input: unknown): string[] {
  const result = ScheduleInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('ScheduleInputSchema', () => {
  it('accepts a full schedule', () => {
    expect(issues(valid)).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    [
      'an unknown time zone',
      { ...valid.trigger, timezone: 'Mars/Olympus' },
      'trigger.timezone: Unknown time zone',
    ],
    [
      'four cron fields',
      { ...valid.trigger, expression: '0 4 * *' },
      'trigger.expression: A cron expression has five fields: minute hour day-of-month month day-of-week',
    ],
    [
      'an invalid regex',
      { type: 'ConsoleLine', pattern: '(' },
      'trigger.pattern: Pattern is not a valid regular expression',
    ],
    [
      'a 5 s interval',
      { type: 'Interval', every_seconds: 5 },
      'trigger.every_seconds: The interval must be at least 10 seconds',
    ],
  ])('refuses %s', (_name, trigger, message) => {
    expect(issues({ ...valid, trigger })).toContain(message);
  });

  it('refuses a multi-line command and an empty chain', () => {
    expect(issues({ ...valid, steps: [{ type: 'Command', command: 'say a\nop me' }] })).toContain(
      'steps.0.command: The command must be a single line',
    );
    expect(issues({ ...valid, steps: [] })).toContain('steps: A schedule needs at least one step');
  });

  it('knows time zones', () => {
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Nowhere/Else')).toBe(false);
  });
});

describe('backup shapes', () => {
  it('trims names and refuses control characters', () => {
    expect(CreateBackupBodySchema.parse({ name: '  before update ' }).name).toBe('before update');
    expect(CreateBackupBodySchema.safeParse({ name: 'a\u0000b' }).success).toBe(false);
    expect(CreateBackupBodySchema.safeParse({ name: '' }).success).toBe(false);
  });

  it('accepts the default settings', () => {
    expect(
      BackupSettingsSchema.safeParse({
        excludes: DEFAULT_BACKUP_EXCLUDES,
        retention: { keep_last: 7, max_age_days: null, max_total_gib: 20 },
      }).success,
    ).toBe(true);
  });
});

describe('progression titles', () => {
  it('names backup work of one instance, and no other', () => {
    const titles = [
      backupProgressionTitle('backup', 'Survival'),
      backupProgressionTitle('safety', 'Survival'),
      restoreProgressionTitle('nightly', 'Survival'),
    ];
    expect(titles).toEqual([
      'Backing up Survival',
      'Safety backup of Survival',
      'Restoring nightly of Survival',
    ]);
    for (const title of titles) expect(isBackupProgressionOf(title, 'Survival')).toBe(true);
    for (const title of titles) expect(isBackupProgressionOf(title, 'Creative')).toBe(false);
    expect(isBackupProgressionOf('Backing up Survival 2', 'Survival')).toBe(false);
    expect(isBackupProgressionOf('Zipping world for download', 'Survival')).toBe(false);
  });

  it('names a schedule run by its description, else its trigger', () => {
    const title = scheduleProgressionTitle(
      { description: 'nightly', trigger: { type: 'Interval', every_seconds: 60 } },
      'Survival',
    );
    expect(title).toBe('Schedule "nightly" of Survival');
    expect(
      scheduleProgressionTitle(
        { description: '  ', trigger: { type: 'Interval', every_seconds: 60 } },
        'Survival',
      ),
    ).toBe('Schedule "every minute" of Survival');
    expect(isScheduleProgressionOf(title, 'Survival')).toBe(true);
    expect(isScheduleProgressionOf(title, 'Other')).toBe(false);
    expect(isScheduleProgressionOf('Backing up Survival', 'Survival')).toBe(false);
  });
});

describe('backup and schedule activities in the event log', () => {
  const by = { type: 'User', user_id: 'u', user_name: 'alice' } as const;

  it('files backups and schedules under their categories, failures as errors', () => {
    const backup = logEntryOfActivity(
      {
        type: 'BackupActivity',
        action: 'restore_failed',
        instance_uuid: 'A',
        instance_name: 'Alpha',
        backup_id: '1',
        backup_name: 'nightly',
        message: 'Backup archive is damaged',
      },
      '10',
      by,
    );
    expect(backup).toMatchObject({ category: 'backups', level: 'Error', instance_uuid: 'A' });
    expect(describeLogEntry(backup)).toEqual({
      title: 'Restoring backup nightly failed by alice',
      detail: 'Backup archive is damaged',
    });
    const missed = logEntryOfActivity(
      {
        type: 'ScheduleRunActivity',
        outcome: 'Missed',
        instance_uuid: 'A',
        instance_name: 'Alpha',
        schedule_id: 's',
        schedule_name: 'nightly restart',
        reason: '3 runs missed while the core was not running',
      },
      '11',
      by,
    );
    expect(missed).toMatchObject({ category: 'schedules', level: 'Warning' });
    expect(describeLogEntry(missed).title).toBe('Schedule nightly restart missed runs');
    const ran = logEntryOfActivity(
      {
        type: 'ScheduleRunActivity',
        outcome: 'Success',
        instance_uuid: 'A',
        instance_name: 'Alpha',
        schedule_id: 's',
        schedule_name: 'greet',
        reason: '',
      },
      '12',
      by,
    );
    expect(ran).toMatchObject({ category: 'schedules', level: 'Info', instance_uuid: 'A' });
    expect(describeLogEntry(ran)).toEqual({ title: 'Schedule greet ran', detail: null });
  });
});

describe('what a viewer sees of a schedule (issue 23 #12)', () => {
  const step = (
    index: number,
    type: 'Command' | 'Macro' | 'Wait',
    outcome: 'Success' | 'Failed' | 'Skipped',
    message: string,
    refused?: true,
  ) => ({
    index,
    type,
    outcome,
    message,
    started_at: 1,
    finished_at: 2,
    ...(refused ? { refused } : {}),
  });
  const run: ScheduleRun = {
    id: 'r',
    schedule_id: 's',
    scheduled_for: 1,
    started_at: 1,
    finished_at: 2,
    outcome: 'Failed',
    reason: 'Step 2 (Macro) failed: Macro cleanup failed: --all is not allowed',
    cause: 'cron',
    steps: [
      step(0, 'Command', 'Success', 'Sent "say backup in 1 minute"'),
      step(1, 'Macro', 'Failed', 'Macro cleanup failed: --all is not allowed'),
      step(2, 'Wait', 'Skipped', 'An earlier step failed'),
    ],
  };
  const schedule: Schedule = ScheduleSchema.parse({
    ...valid,
    id: 's',
    instance_uuid: 'A',
    author_uid: 'u',
    created_at: 1,
    updated_at: 1,
    next_run: null,
    last_run: run,
  });

  it('shows everything to a viewer who may use the console and macros', () => {
    expect(scheduleForViewer(schedule, ALL_STEPS_VISIBLE)).toBe(schedule);
  });

  it('empties console commands and macro steps, and what they said, for anyone else', () => {
    const seen = scheduleForViewer(schedule, NO_STEP_DETAILS);
    expect(JSON.stringify(seen)).not.toMatch(/say backup|cleanup|--all/);
    expect(seen.steps[0]).toEqual({ type: 'Command', command: '', hidden: true });
    expect(seen.steps[4]).toEqual({ type: 'Macro', macro: '', args: [], hidden: true });
    expect(seen.steps.slice(1, 4)).toEqual(schedule.steps.slice(1, 4));
    expect(seen.last_run?.reason).toBe('Step 2 (Macro) failed');
    expect(seen.last_run?.steps.map((s) => [s.message, s.hidden])).toEqual([
      ['', true],
      ['', true],
      ['An earlier step failed', undefined],
    ]);
    expect(ScheduleSchema.parse(seen)).toEqual(seen);
  });

  it('keeps a refusal and a command that could not be sent: they say nothing of the step', () => {
    const refused: ScheduleRun = {
      ...run,
      reason:
        "Step 1 (Command) failed: bob does not have permission to use this instance's console",
      steps: [
        step(
          0,
          'Command',
          'Failed',
          "bob does not have permission to use this instance's console",
          true,
        ),
        step(1, 'Macro', 'Failed', 'The user this schedule acts as no longer exists', true),
        step(2, 'Command', 'Failed', 'Instance is not running'),
      ],
    };
    expect(runForViewer(refused, NO_STEP_DETAILS)).toEqual({
      ...refused,
      steps: refused.steps,
    });
    const onlyConsole = runForViewer(run, { Command: true, Macro: false });
    expect(onlyConsole.steps[0]?.message).toBe('Sent "say backup in 1 minute"');
    expect(onlyConsole.steps[1]?.hidden).toBe(true);
  });
});

describe('scheduleProblemOf', () => {
  it('reads back the code of what the schema says, the English unchanged', () => {
    const parsed = ScheduleInputSchema.safeParse({
      description: '',
      trigger: { type: 'Interval', every_seconds: 5 },
      steps: [],
      enabled: true,
      only_when_running: false,
      continue_on_failure: false,
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      'The interval must be at least 10 seconds',
      'A schedule needs at least one step',
    ]);
    expect(messages.map(scheduleProblemOf)).toEqual(['interval_too_short', 'no_steps']);
    expect(scheduleProblemOf('Something else')).toBeNull();
  });
});
