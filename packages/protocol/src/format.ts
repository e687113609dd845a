// Display helpers the spec fixes (dashboard.md §9).
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

export type ByteUnit = (typeof UNITS)[number];

/**
 * The unit a size is shown in (base 1024, B through YB) and the value in that unit, unrounded.
 * formatBytes writes it in English; the dashboard writes the number in the reader's language
 * (apps/dashboard/src/lib/i18n/format.ts).
 */
export function byteSize(bytes: number): { value: number; unit: ByteUnit } {
  if (!Number.isFinite(bytes) || bytes < 0) return { value: 0, unit: 'B' };
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return { value, unit: UNITS[unit] ?? 'B' };
}

/** Sizes in base 1024 from B through YB: whole bytes, else `decimals` places ("1.50 KB", "2 KB"). */
export function formatBytes(bytes: number, decimals = 1): string {
  const { value, unit } = byteSize(bytes);
  const text =
    unit === 'B' ? String(Math.round(value)) : value.toFixed(decimals).replace(/\.0+$/, '');
  return `${text} ${unit}`;
}

/** "3 days ago", "1 hour ago", "5 minutes ago", "10 seconds ago", else "just now". */
export function formatRelativeTime(thenMs: number, nowMs: number = Date.now()): string {
  const seconds = Math.floor((nowMs - thenMs) / 1000);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  const days = Math.floor(seconds / 86400);
  if (days > 0) return plural(days, 'day');
  const hours = Math.floor(seconds / 3600);
  if (hours > 0) return plural(hours, 'hour');
  const minutes = Math.floor(seconds / 60);
  if (minutes > 0) return plural(minutes, 'minute');
  if (seconds > 0) return plural(seconds, 'second');
  return 'just now';
}

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 'Jan 5 2024 at 3:04 PM' (dashboard.md §2 Macros), or N/A. */
export function formatMacroDate(unixSeconds: number | null | undefined): string {
  if (unixSeconds === null || unixSeconds === undefined) return 'N/A';
  const d = new Date(unixSeconds * 1000);
  const hours = d.getHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(d.getMinutes()).padStart(2, '0');
  return `${MONTHS[d.getMonth()]} ${d.getDate()} ${d.getFullYear()} at ${h12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
