// Numbers, sizes, dates and relative times in the active language, through Intl. The English
// results are the spec's (dashboard.md §9): "1.5 MB", "3 days ago", "just now", "Nov 27, 2026".
// A component that shows these re-renders on a language change when it reads `useLingui()`.
import { byteSize } from '@hearth/protocol';
import { msg } from '@lingui/core/macro';
import { i18n, intlText } from './i18n.ts';
import { intlLocale } from './locales.ts';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => T,
): T {
  const locale = intlLocale(i18n.locale || 'en');
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make(locale);
    cache.set(key, formatter);
  }
  return formatter as T;
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(
    value,
  );
}

/**
 * A size in base 1024 (the protocol's unit choice, B through YB), the number in the active
 * language: "1.5 MB", "1,5 MB". Whole bytes, else `decimals` places, a whole number without them.
 */
export function formatSize(bytes: number, decimals = 1): string {
  const { value, unit } = byteSize(bytes);
  const options: Intl.NumberFormatOptions =
    unit === 'B'
      ? { maximumFractionDigits: 0, useGrouping: false }
      : {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
          trailingZeroDisplay: 'stripIfInteger',
          useGrouping: false,
        };
  return `${formatNumber(value, options)} ${unit}`;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "Nov 27, 2026, 7:58 AM" by default; any Intl.DateTimeFormat options. */
export function formatDate(
  value: number | Date,
  options: Intl.DateTimeFormatOptions = DATE_TIME,
): string {
  return intlText(
    cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options)).format(value),
  );
}

const JUST_NOW = msg`just now`;
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago", "1 hour ago", "10 seconds ago", else "just now" (protocol's formatRelativeTime). */
export function formatRelativeTime(thenMs: number, nowMs: number = Date.now()): string {
  const seconds = Math.floor((nowMs - thenMs) / 1000);
  for (const [unit, size] of STEPS) {
    const count = Math.floor(seconds / size);
    if (count > 0)
      return intlText(
        cached(
          'relative',
          {},
          (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }),
        ).format(-count, unit),
      );
  }
  return i18n._(JUST_NOW);
}
