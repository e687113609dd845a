// A readable English preview of a five-field cron expression, shared by the core and the dashboard.
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

function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const plural = (n: number, unit: string) => (n === 1 ? unit : `${n} ${unit}s`);

/** The days part: `every` form for a fixed time ("every Monday"), else `on` form ("on Mondays"). */
function dayPhrase(dom: Field, month: Field, dow: Field, fixedTime: boolean): string | null {
  if (dom.kind === 'step' || month.kind === 'step' || dow.kind === 'step') return null;
  const months = month.kind === 'values' ? month.values.map((m) => MONTHS[m - 1]!) : null;
  const weekdays =
    dow.kind === 'values' ? [...new Set(dow.values.map((d) => d % 7))].sort((a, b) => a - b) : null;
  const parts: string[] = [];
  if (dom.kind === 'values') {
    if (months !== null && months.length === 1 && dom.values.length === 1) {
      parts.push(`on ${months[0]} ${dom.values[0]}`);
    } else {
      const days = dom.values.length === 1 ? 'day' : 'days';
      parts.push(
        `on ${days} ${list(dom.values.map(String))} of ${months ? list(months) : 'every month'}`,
      );
    }
  }
  if (weekdays !== null) {
    let names: string;
    if (weekdays.join() === '1,2,3,4,5') names = fixedTime ? 'every weekday' : 'on weekdays';
    else if (weekdays.join() === '0,6')
      names = fixedTime ? 'every Saturday and Sunday' : 'on weekends';
    else
      names = fixedTime
        ? `every ${list(weekdays.map((d) => DAYS[d]!))}`
        : `on ${list(weekdays.map((d) => `${DAYS[d]!}s`))}`;
    parts.push(dom.kind === 'values' ? names.replace(/^on /, '') : names);
    if (months !== null && dom.kind !== 'values') parts.push(`in ${list(months)}`);
  } else if (months !== null && dom.kind !== 'values') {
    parts.push(fixedTime ? `every day in ${list(months)}` : `in ${list(months)}`);
  }
  if (parts.length === 0) return fixedTime ? 'every day' : '';
  return dom.kind === 'values' && weekdays !== null ? parts.join(' and ') : parts.join(' ');
}

/** The time-of-day part when it repeats within the day ("every 5 minutes"), or null. */
function repeatPhrase(minute: Field, hour: Field): string | null {
  if (hour.kind === 'any') {
    if (minute.kind === 'any') return 'every minute';
    if (minute.kind === 'step') return `every ${plural(minute.step, 'minute')}`;
    if (minute.values.length === 1)
      return minute.values[0] === 0 ? 'every hour' : `every hour at minute ${minute.values[0]}`;
    return `every hour at minutes ${list(minute.values.map(String))}`;
  }
  if (hour.kind === 'step' && minute.kind === 'values' && minute.values.length === 1) {
    const at = minute.values[0] === 0 ? '' : ` at minute ${minute.values[0]}`;
    return `every ${plural(hour.step, 'hour')}${at}`;
  }
  if (hour.kind === 'values' && minute.kind !== 'values') {
    const each = minute.kind === 'any' ? 'every minute' : `every ${plural(minute.step, 'minute')}`;
    const hours = hour.values;
    const contiguous = hours.every((h, i) => i === 0 || h === hours[i - 1]! + 1);
    if (contiguous)
      return `${each} from ${pad(hours[0]!)}:00 to ${pad(hours[hours.length - 1]!)}:59`;
  }
  return null;
}

/**
 * "every day at 04:00", "every 5 minutes", "every Monday at 04:30", "on day 1 of every month at
 * 00:00"… or `cron "<expression>"` for forms it does not cover.
 */
export function describeCron(expression: string): string {
  const trimmed = expression.trim();
  const fallback = `cron "${trimmed}"`;
  const text = NICKNAMES[trimmed.toLowerCase()] ?? trimmed;
  const fields = text.split(/\s+/);
  if (fields.length !== 5) return fallback;
  const minute = parseField(fields[0]!, 0, 59);
  const hour = parseField(fields[1]!, 0, 23);
  const dom = parseField(fields[2]!, 1, 31);
  const month = parseField(fields[3]!, 1, 12, MONTH_NAMES, 1);
  const dow = parseField(fields[4]!, 0, 7, DAY_NAMES, 0);
  if (!minute || !hour || !dom || !month || !dow) return fallback;

  if (minute.kind === 'values' && hour.kind === 'values') {
    const count = minute.values.length * hour.values.length;
    if (count > 6) return fallback;
    const times = hour.values.flatMap((h) => minute.values.map((m) => `${pad(h)}:${pad(m)}`));
    const days = dayPhrase(dom, month, dow, true);
    return days === null ? fallback : `${days} at ${list(times)}`;
  }
  const repeat = repeatPhrase(minute, hour);
  const days = dayPhrase(dom, month, dow, false);
  if (repeat === null || days === null) return fallback;
  return days === '' ? repeat : `${repeat}, ${days}`;
}
