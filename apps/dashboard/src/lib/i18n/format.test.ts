import { formatBytes, formatRelativeTime as protocolRelativeTime } from '@hearth/protocol';
import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatRelativeTime, formatSize } from './format.ts';
import { activateLocale } from './i18n.ts';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const AGO = [
  0,
  1_000,
  10_000,
  60_000,
  5 * 60_000,
  3_600_000,
  7_200_000,
  86_400_000,
  3 * 86_400_000,
];
const SIZES = [0, 1, 1023, 1024, 1536, 1_048_576 * 1.5, 5 * 1024 ** 3, 1024 ** 4 * 2.25];

describe('formats in the active language', () => {
  it('English is word for word the protocol’s (the spec’s texts)', () => {
    for (const ms of AGO)
      expect(formatRelativeTime(NOW - ms, NOW)).toBe(protocolRelativeTime(NOW - ms, NOW));
    for (const bytes of SIZES) expect(formatSize(bytes)).toBe(formatBytes(bytes));
    expect(formatSize(1536, 2)).toBe(formatBytes(1536, 2));
    expect(formatNumber(12345.5)).toBe('12,345.5');
    expect(formatDate(NOW, { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Nov 27, 2026');
  });

  it('German and Chinese write numbers, sizes, dates and relative times their way', async () => {
    await activateLocale('de');
    expect(formatSize(1_048_576 * 1.5)).toBe('1,5 MB');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    expect(formatRelativeTime(NOW - 3 * 86_400_000, NOW)).toBe('vor 3 Tagen');
    expect(formatRelativeTime(NOW - 1_000, NOW)).toBe('vor 1 Sekunde');
    expect(formatDate(NOW, { dateStyle: 'medium', timeZone: 'UTC' })).toBe('27.11.2026');
    expect(formatRelativeTime(NOW, NOW)).toBe('gerade eben');

    await activateLocale('zh-CN');
    expect(formatRelativeTime(NOW - 3_600_000, NOW)).toBe('1小时前');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatRelativeTime(NOW, NOW)).toBe('刚刚');
  });
});
