import { formatRelativeTime } from '@hearth/protocol';

const DAY_MS = 24 * 60 * 60 * 1000;
const FULL = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** When an entry happened, en-US: relative within a day ("5 minutes ago"), else the date and time. */
export function formatLogTime(ms: number, nowMs: number): string {
  const age = nowMs - ms;
  if (age >= 0 && age < DAY_MS) return formatRelativeTime(ms, nowMs);
  return FULL.format(ms);
}

/** The exact moment (for the tooltip and the details). */
export function formatLogTimeFull(ms: number): string {
  return FULL.format(ms);
}
