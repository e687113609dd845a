import { t } from '@lingui/core/macro';
import { formatDate, formatRelativeTime } from '@/lib/i18n/format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
// The Time cell: the minute is enough there (the seconds are in its tooltip), so the whole date
// and time fit the column ("Nov 26, 2026, 10:32 AM").
const CELL: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * When an entry happened, in the active language: relative within a day ("5 minutes ago"), else
 * the date and time. An entry stamped a little after "now" (the core's clock ahead of the
 * browser's) is "just now", like any live entry, not a date.
 */
export function formatLogTime(ms: number, nowMs: number): string {
  const age = nowMs - ms;
  if (age > -DAY_MS && age < 0) return t`just now`;
  if (age >= 0 && age < DAY_MS) return formatRelativeTime(ms, nowMs);
  return formatDate(ms, CELL);
}

/** The exact moment (for the tooltip and the details). */
export function formatLogTimeFull(ms: number): string {
  return formatDate(ms, FULL);
}
