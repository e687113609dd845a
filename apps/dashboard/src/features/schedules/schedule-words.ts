import { i18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import {
  BACKUP_NAME_MAX,
  CRON_WEEKDAYS,
  CRON_WEEKEND,
  SCHEDULE_COMMAND_MAX,
  SCHEDULE_DESCRIPTION_MAX,
  SCHEDULE_INTERVAL_MIN_S,
  SCHEDULE_PATTERN_MAX,
  SCHEDULE_STEPS_MAX,
  backupNameProblemOf,
  parseCronParts,
  scheduleProblemOf,
} from '@hearth/protocol';
import type {
  CronDays,
  CronRepeat,
  RunOutcome,
  ScheduleEventKind,
  ScheduleProblem,
  ScheduleTrigger,
} from '@hearth/protocol';
import { intlLocale } from '@/lib/i18n/locales.ts';

// Schedules in words, in the active language: triggers and cron previews from protocol's typed
// parts (`parseCronParts`), and the schedule checks' messages from their codes. The English is the
// protocol's (`describeTrigger`, `describeCron`, the schemas' messages) word for word.

const MONTHS: MessageDescriptor[] = [
  msg`January`,
  msg`February`,
  msg`March`,
  msg`April`,
  msg`May`,
  msg`June`,
  msg`July`,
  msg`August`,
  msg`September`,
  msg`October`,
  msg`November`,
  msg`December`,
];
/** "every Monday" */
const WEEKDAYS: MessageDescriptor[] = [
  msg`Sunday`,
  msg`Monday`,
  msg`Tuesday`,
  msg`Wednesday`,
  msg`Thursday`,
  msg`Friday`,
  msg`Saturday`,
];
/** "on Mondays" */
const WEEKDAYS_PLURAL: MessageDescriptor[] = [
  msg`Sundays`,
  msg`Mondays`,
  msg`Tuesdays`,
  msg`Wednesdays`,
  msg`Thursdays`,
  msg`Fridays`,
  msg`Saturdays`,
];

/** "a, b and c" in English (the protocol's form); each language's own list elsewhere. */
function list(words: readonly string[]): string {
  if (i18n.locale === 'en' || i18n.locale === '') {
    if (words.length <= 1) return words.join('');
    return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
  }
  return new Intl.ListFormat(intlLocale(i18n.locale), { type: 'conjunction' }).format(words);
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`;

function weekdayPhrase(weekdays: number[], fixedTime: boolean, afterMonthDays: boolean): string {
  const set = weekdays.join();
  if (set === CRON_WEEKDAYS) {
    if (fixedTime) return t`every weekday`;
    return afterMonthDays ? t`weekdays` : t`on weekdays`;
  }
  if (set === CRON_WEEKEND) {
    if (fixedTime) return t`every Saturday and Sunday`;
    return afterMonthDays ? t`weekends` : t`on weekends`;
  }
  if (fixedTime) {
    const names = list(weekdays.map((d) => i18n._(WEEKDAYS[d]!)));
    return t`every ${names}`;
  }
  const names = list(weekdays.map((d) => i18n._(WEEKDAYS_PLURAL[d]!)));
  return afterMonthDays ? names : t`on ${names}`;
}

function monthDaysPhrase(monthDays: number[], months: string[] | null): string {
  if (months !== null && months.length === 1 && monthDays.length === 1) {
    const month = months[0]!;
    const day = monthDays[0]!;
    return t`on ${month} ${day}`;
  }
  const days = list(monthDays.map(String));
  const one = monthDays.length === 1;
  if (months === null)
    return one ? t`on day ${days} of every month` : t`on days ${days} of every month`;
  const monthList = list(months);
  return one ? t`on day ${days} of ${monthList}` : t`on days ${days} of ${monthList}`;
}

/** The days part, as protocol's dayPhrase words it in English. */
function daysPhrase(days: CronDays, fixedTime: boolean): string {
  const months = days.months === null ? null : days.months.map((m) => i18n._(MONTHS[m - 1]!));
  const { monthDays, weekdays } = days;
  if (monthDays !== null) {
    const first = monthDaysPhrase(monthDays, months);
    if (weekdays === null) return first;
    const second = weekdayPhrase(weekdays, fixedTime, true);
    return t`${first} and ${second}`;
  }
  if (weekdays !== null) {
    const names = weekdayPhrase(weekdays, fixedTime, false);
    if (months === null) return names;
    const monthList = list(months);
    return t`${names} in ${monthList}`;
  }
  if (months !== null) {
    const monthList = list(months);
    return fixedTime ? t`every day in ${monthList}` : t`in ${monthList}`;
  }
  return fixedTime ? t`every day` : '';
}

function repeatPhrase(repeat: CronRepeat): string {
  switch (repeat.kind) {
    case 'minutes': {
      const step = repeat.step;
      return plural(step, { one: 'every minute', other: 'every # minutes' });
    }
    case 'hourly': {
      if (repeat.minutes.length === 1) {
        const minute = repeat.minutes[0]!;
        return minute === 0 ? t`every hour` : t`every hour at minute ${minute}`;
      }
      const minutes = list(repeat.minutes.map(String));
      return t`every hour at minutes ${minutes}`;
    }
    case 'hours': {
      const minute = repeat.minute;
      const step = repeat.step;
      if (minute === 0) return plural(step, { one: 'every hour', other: 'every # hours' });
      return plural(step, {
        one: `every hour at minute ${minute}`,
        other: `every # hours at minute ${minute}`,
      });
    }
    case 'window': {
      const from = clock(repeat.fromHour, 0);
      const to = clock(repeat.toHour, 59);
      const step = repeat.minuteStep;
      return plural(step, {
        one: `every minute from ${from} to ${to}`,
        other: `every # minutes from ${from} to ${to}`,
      });
    }
  }
}

/** A cron expression in words ("every day at 04:00"), or `cron "<expression>"`. */
export function cronText(expression: string): string {
  const parts = parseCronParts(expression);
  if (parts === null) {
    const trimmed = expression.trim();
    return t`cron "${trimmed}"`;
  }
  if (parts.kind === 'at') {
    const days = daysPhrase(parts.days, true);
    const times = list(parts.times.map((time) => clock(time.hour, time.minute)));
    return t`${days} at ${times}`;
  }
  const repeat = repeatPhrase(parts.repeat);
  const days = daysPhrase(parts.days, false);
  return days === '' ? repeat : t`${repeat}, ${days}`;
}

const EVENT_WORDS: Record<ScheduleEventKind, MessageDescriptor> = {
  InstanceStarted: msg`when the instance starts`,
  InstanceStopped: msg`when the instance stops`,
  InstanceCrashed: msg`when the instance crashes`,
  PlayerJoined: msg`when a player joins`,
  PlayerLeft: msg`when a player leaves`,
};

function intervalText(seconds: number): string {
  const days = seconds / 86_400;
  const hours = seconds / 3600;
  const minutes = seconds / 60;
  if (Number.isInteger(days)) return plural(days, { one: 'every day', other: 'every # days' });
  if (Number.isInteger(hours)) return plural(hours, { one: 'every hour', other: 'every # hours' });
  if (Number.isInteger(minutes))
    return plural(minutes, { one: 'every minute', other: 'every # minutes' });
  return t`every ${seconds} seconds`;
}

/** A trigger in words, as the schedule list shows it (protocol's describeTrigger in English). */
export function triggerText(trigger: ScheduleTrigger): string {
  switch (trigger.type) {
    case 'Cron': {
      const cron = cronText(trigger.expression);
      const timezone = trigger.timezone;
      return t`${cron} (${timezone})`;
    }
    case 'Interval':
      return intervalText(trigger.every_seconds);
    case 'Event':
      return i18n._(EVENT_WORDS[trigger.event]);
    case 'ConsoleLine': {
      const pattern = trigger.pattern;
      return t`when a console line matches /${pattern}/`;
    }
  }
}

function problemWords(problem: ScheduleProblem): string {
  switch (problem) {
    case 'cron_too_long':
      return t`Cron expression is too long`;
    case 'cron_fields':
      return t`A cron expression has five fields: minute hour day-of-month month day-of-week`;
    case 'unknown_time_zone':
      return t`Unknown time zone`;
    case 'interval_not_number':
      return t`The interval must be a number`;
    case 'interval_not_whole':
      return t`The interval must be a whole number of seconds`;
    case 'interval_too_short': {
      const min = SCHEDULE_INTERVAL_MIN_S;
      return t`The interval must be at least ${min} seconds`;
    }
    case 'interval_too_long':
      return t`The interval must be at most a year`;
    case 'pattern_empty':
      return t`Pattern cannot be empty`;
    case 'pattern_too_long': {
      const max = SCHEDULE_PATTERN_MAX;
      return t`Pattern cannot be longer than ${max} characters`;
    }
    case 'pattern_invalid':
      return t`Pattern is not a valid regular expression`;
    case 'command_empty':
      return t`Command cannot be empty`;
    case 'command_too_long': {
      const max = SCHEDULE_COMMAND_MAX;
      return t`Command cannot be longer than ${max} characters`;
    }
    case 'command_multiline':
      return t`The command must be a single line`;
    case 'macro_empty':
      return t`Macro name cannot be empty`;
    case 'macro_too_long':
      return t`Macro name cannot be longer than 255 characters`;
    case 'macro_argument_too_long':
      return t`A macro argument cannot be longer than 1000 characters`;
    case 'macro_too_many_arguments':
      return t`At most 32 macro arguments`;
    case 'wait_not_number':
      return t`Seconds must be a number`;
    case 'wait_not_whole':
      return t`Seconds must be a whole number`;
    case 'wait_too_short':
      return t`Wait at least 1 second`;
    case 'wait_too_long':
      return t`Wait at most a day`;
    case 'description_too_long': {
      const max = SCHEDULE_DESCRIPTION_MAX;
      return t`Description cannot be longer than ${max} characters`;
    }
    case 'no_steps':
      return t`A schedule needs at least one step`;
    case 'too_many_steps': {
      const max = SCHEDULE_STEPS_MAX;
      return t`A schedule has at most ${max} steps`;
    }
  }
}

/**
 * A schedule check's message in the active language (from its code); a message with no code
 * (none today) stays as the schema wrote it.
 */
export function problemText(message: string): string {
  const problem = scheduleProblemOf(message);
  if (problem !== null) return problemWords(problem);
  switch (backupNameProblemOf(message)) {
    case 'empty':
      return t`Backup name cannot be empty`;
    case 'too_long': {
      const max = BACKUP_NAME_MAX;
      return t`Backup name cannot be longer than ${max} characters`;
    }
    case 'control_character':
      return t`Backup name cannot contain control characters`;
    case null:
      return message;
  }
}

const OUTCOMES: Record<RunOutcome, MessageDescriptor> = {
  Running: msg`Running`,
  Success: msg`Success`,
  Failed: msg`Failed`,
  Skipped: msg`Skipped`,
  Missed: msg`Missed`,
};

/** A run's or a step's outcome in words. */
export function outcomeText(outcome: RunOutcome): string {
  return i18n._(OUTCOMES[outcome]);
}
