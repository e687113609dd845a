import { formatRelativeTime } from '@hearth/protocol';

const DAY_MS = 24 * 60 * 60 * 1000;
const FULL = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
// The Time cell: the minute is enough there (the seconds are in its tooltip), so the whole date
// and time fit the column ("Nov 26, 2026, 10:32 AM").
const CELL = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * When an entry happened, en-US: relative within a day ("5 minutes ago"), else the date and time.
 * An entry stamped a little after "now" (the core's clock ahead of the browser's) is "just now",
 * like any live entry, not a date.
 */
export function formatLogTime(ms: number, nowMs: number): string {
  const age = nowMs - ms;
  if (age > -DAY_MS && age < 0) return 'just now';
  if (age >= 0 && age < DAY_MS) return formatRelativeTime(ms, nowMs);
  return CELL.format(ms);
}

/** The exact moment (for the tooltip and the details). */
export function formatLogTimeFull(ms: number): string {
  return FULL.format(ms);
}
