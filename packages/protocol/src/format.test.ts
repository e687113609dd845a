import { describe, expect, it } from 'vitest';
import { formatBytes, formatMacroDate, formatRelativeTime } from './format.ts';

describe('formatBytes (base 1024, B through YB)', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 ** 2, '1 MB'],
    [1073741824, '1 GB'],
    [5.25 * 1024 ** 4, '5.3 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1 EB'],
    [1024 ** 7, '1 ZB'],
    [1024 ** 8, '1 YB'],
    [2048 * 1024 ** 8, '2048 YB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('honours the decimals argument', () => {
    expect(formatBytes(1536, 2)).toBe('1.50 KB');
    expect(formatBytes(1024 + 1, 0)).toBe('1 KB');
  });

  it('nonsense becomes 0 B', () => {
    expect(formatBytes(-1)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0 B');
  });
});

describe('formatRelativeTime', () => {
  const now = 1_718_900_000_000;
  const ago = (seconds: number) => formatRelativeTime(now - seconds * 1000, now);

  it.each([
    [0, 'just now'],
    [0.5, 'just now'],
    [1, '1 second ago'],
    [10, '10 seconds ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3599, '59 minutes ago'],
    [3600, '1 hour ago'],
    [23 * 3600, '23 hours ago'],
    [86400, '1 day ago'],
    [3 * 86400, '3 days ago'],
    [400 * 86400, '400 days ago'],
  ])('%d s → %s', (seconds, text) => {
    expect(ago(seconds)).toBe(text);
  });

  it('a time in the future is just now', () => {
    expect(formatRelativeTime(now + 60_000, now)).toBe('just now');
  });
});

describe('formatMacroDate', () => {
  // Dates are built in local time, so the assertions hold in any TZ.
  const local = (...parts: [number, number, number, number, number]) =>
    new Date(...parts).getTime() / 1000;

  it("reads 'Jan 5 2024 at 3:04 PM'", () => {
    expect(formatMacroDate(local(2024, 0, 5, 15, 4))).toBe('Jan 5 2024 at 3:04 PM');
  });

  it('midnight and noon are 12, mornings are AM', () => {
    expect(formatMacroDate(local(2024, 11, 31, 0, 0))).toBe('Dec 31 2024 at 12:00 AM');
    expect(formatMacroDate(local(2024, 5, 20, 12, 30))).toBe('Jun 20 2024 at 12:30 PM');
    expect(formatMacroDate(local(2023, 1, 28, 9, 59))).toBe('Feb 28 2023 at 9:59 AM');
    expect(formatMacroDate(local(2023, 1, 28, 23, 1))).toBe('Feb 28 2023 at 11:01 PM');
  });

  it('N/A when missing', () => {
    expect(formatMacroDate(null)).toBe('N/A');
    expect(formatMacroDate(undefined)).toBe('N/A');
  });
});
