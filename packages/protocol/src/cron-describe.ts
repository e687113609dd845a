// A five-field cron expression read into typed parts (`parseCronParts`) for a preview in words:
// `describeCron` words them in English (the core's texts), the dashboard in the reader's language.
// It covers the common forms; anything else is shown as the expression itself.

type Field =
  { kind: 'any' } | { kind: 'step'; step: number } | { kind: 'values'; values: number[] };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = MONTHS.map((m) => m.slice(0, 3).toUpperCase());
const DAY_NAMES = DAYS.map((d) => d.slice(0, 3).toUpperCase());

const NICKNAMES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function toNumber(text: string, names: readonly string[] | null, offset: number): number | null {
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const index = names?.indexOf(text.toUpperCase()) ?? -1;
  return index >= 0 ? index + offset : null;
}

/** One field, or null for forms this preview does not explain (L, W, #, out of range). */
function parseField(
  text: string,
  min: number,
  max: number,
  names: readonly string[] | null = null,
  nameOffset = 0,
): Field | null {
  if (text === '*' || text === '?') return { kind: 'any' };
  const everyN = /^\*\/(\d{1,3})$/.exec(text);
  if (everyN) {
    const step = Number(everyN[1]);
    return step >= 1 && step <= max ? { kind: 'step', step } : null;
  }
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^([A-Za-z0-9]+)(?:-([A-Za-z0-9]+))?(?:\/(\d{1,3}))?$/.exec(part);
    if (!m) return null;
    const from = toNumber(m[1]!, names, nameOffset);
    const to = m[2] === undefined ? from : toNumber(m[2], names, nameOffset);
    const step = m[3] === undefined ? 1 : Number(m[3]);
    if (from === null || to === null || step < 1 || from > to || from < min || to > max)
      return null;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { kind: 'values', values: [...values].sort((a, b) => a - b) };
}

/** Which days a schedule runs on; null parts are "any". Weekdays are 0–6, Sunday 0. */
export interface CronDays {
  monthDays: number[] | null;
  months: number[] | null;
  weekdays: number[] | null;
}

export interface CronTime {
  hour: number;
  minute: number;
}

/** How a schedule repeats within the day. */
export type CronRepeat =
  /** Every `step` minutes (1: every minute). */
  | { kind: 'minutes'; step: number }
  /** Every hour at these minutes ([0]: on the hour). */
  | { kind: 'hourly'; minutes: number[] }
  /** Every `step` hours at `minute`. */
  | { kind: 'hours'; step: number; minute: number }
  /** Every `minuteStep` minutes (1: every minute) from fromHour:00 to toHour:59. */
  | { kind: 'window'; minuteStep: number; fromHour: number; toHour: number };

/** A cron expression the preview can word: at fixed times on some days, or repeating. */
export type CronParts =
  | { kind: 'at'; times: CronTime[]; days: CronDays }
  | { kind: 'repeat'; repeat: CronRepeat; days: CronDays };

/** The weekday sets worded as a group. */
export const CRON_WEEKDAYS = '1,2,3,4,5';
export const CRON_WEEKEND = '0,6';

function daysOf(dom: Field, month: Field, dow: Field): CronDays | null {
  if (dom.kind === 'step' || month.kind === 'step' || dow.kind === 'step') return null;
  return {
    monthDays: dom.kind === 'values' ? dom.values : null,
    months: month.kind === 'values' ? month.values : null,
    weekdays:
      dow.kind === 'values'
        ? [...new Set(dow.values.map((d) => d % 7))].sort((a, b) => a - b)
        : null,
  };
}

function repeatOf(minute: Field, hour: Field): CronRepeat | null {
  if (hour.kind === 'any') {
    if (minute.kind === 'any') return { kind: 'minutes', step: 1 };
    if (minute.kind === 'step') return { kind: 'minutes', step: minute.step };
    return { kind: 'hourly', minutes: minute.values };
  }
  if (hour.kind === 'step' && minute.kind === 'values' && minute.values.length === 1)
    return { kind: 'hours', step: hour.step, minute: minute.values[0]! };
  if (hour.kind === 'values' && minute.kind !== 'values') {
    const hours = hour.values;
    const contiguous = hours.every((h, i) => i === 0 || h === hours[i - 1]! + 1);
    if (contiguous)
      return {
        kind: 'window',
        minuteStep: minute.kind === 'any' ? 1 : minute.step,
        fromHour: hours[0]!,
        toHour: hours[hours.length - 1]!,
      };
  }
  return null;
}

/** The parts of a five-field expression or nickname, or null for forms the preview does not word. */
export function parseCronParts(expression: string): CronParts | null {
  const trimmed = expression.trim();
  const text = NICKNAMES[trimmed.toLowerCase()] ?? trimmed;
  const fields = text.split(/\s+/);
  if (fields.length !== 5) return null;
  const minute = parseField(fields[0]!, 0, 59);
  const hour = parseField(fields[1]!, 0, 23);
  const dom = parseField(fields[2]!, 1, 31);
  const month = parseField(fields[3]!, 1, 12, MONTH_NAMES, 1);
  const dow = parseField(fields[4]!, 0, 7, DAY_NAMES, 0);
  if (!minute || !hour || !dom || !month || !dow) return null;
  const days = daysOf(dom, month, dow);
  if (days === null) return null;
  if (minute.kind === 'values' && hour.kind === 'values') {
    if (minute.values.length * hour.values.length > 6) return null;
    const times = hour.values.flatMap((h) => minute.values.map((m) => ({ hour: h, minute: m })));
    return { kind: 'at', times, days };
  }
  const repeat = repeatOf(minute, hour);
  return repeat === null ? null : { kind: 'repeat', repeat, days };
}

// English wording (the core's), from the parts.

function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const plural = (n: number, unit: string) => (n === 1 ? unit : `${n} ${unit}s`);

/** The days part: `every` form for a fixed time ("every Monday"), else `on` form ("on Mondays"). */
function dayPhrase(days: CronDays, fixedTime: boolean): string {
  const { monthDays, weekdays } = days;
  const months = days.months === null ? null : days.months.map((m) => MONTHS[m - 1]!);
  const parts: string[] = [];
  if (monthDays !== null) {
    if (months !== null && months.length === 1 && monthDays.length === 1) {
      parts.push(`on ${months[0]} ${monthDays[0]}`);
    } else {
      const word = monthDays.length === 1 ? 'day' : 'days';
      parts.push(
        `on ${word} ${list(monthDays.map(String))} of ${months ? list(months) : 'every month'}`,
      );
    }
  }
  if (weekdays !== null) {
    let names: string;
    if (weekdays.join() === CRON_WEEKDAYS) names = fixedTime ? 'every weekday' : 'on weekdays';
    else if (weekdays.join() === CRON_WEEKEND)
      names = fixedTime ? 'every Saturday and Sunday' : 'on weekends';
    else
      names = fixedTime
        ? `every ${list(weekdays.map((d) => DAYS[d]!))}`
        : `on ${list(weekdays.map((d) => `${DAYS[d]!}s`))}`;
    parts.push(monthDays !== null ? names.replace(/^on /, '') : names);
    if (months !== null && monthDays === null) parts.push(`in ${list(months)}`);
  } else if (months !== null && monthDays === null) {
    parts.push(fixedTime ? `every day in ${list(months)}` : `in ${list(months)}`);
  }
  if (parts.length === 0) return fixedTime ? 'every day' : '';
  return monthDays !== null && weekdays !== null ? parts.join(' and ') : parts.join(' ');
}

function repeatPhrase(repeat: CronRepeat): string {
  switch (repeat.kind) {
    case 'minutes':
      return `every ${plural(repeat.step, 'minute')}`;
    case 'hourly':
      if (repeat.minutes.length === 1)
        return repeat.minutes[0] === 0 ? 'every hour' : `every hour at minute ${repeat.minutes[0]}`;
      return `every hour at minutes ${list(repeat.minutes.map(String))}`;
    case 'hours': {
      const at = repeat.minute === 0 ? '' : ` at minute ${repeat.minute}`;
      return `every ${plural(repeat.step, 'hour')}${at}`;
    }
    case 'window':
      return `every ${plural(repeat.minuteStep, 'minute')} from ${pad(repeat.fromHour)}:00 to ${pad(repeat.toHour)}:59`;
  }
}

/**
 * "every day at 04:00", "every 5 minutes", "every Monday at 04:30", "on day 1 of every month at
 * 00:00"… or `cron "<expression>"` for forms it does not cover.
 */
export function describeCron(expression: string): string {
  const parts = parseCronParts(expression);
  if (parts === null) return `cron "${expression.trim()}"`;
  if (parts.kind === 'at') {
    const times = parts.times.map((time) => `${pad(time.hour)}:${pad(time.minute)}`);
    return `${dayPhrase(parts.days, true)} at ${list(times)}`;
  }
  const repeat = repeatPhrase(parts.repeat);
  const days = dayPhrase(parts.days, false);
  return days === '' ? repeat : `${repeat}, ${days}`;
}
