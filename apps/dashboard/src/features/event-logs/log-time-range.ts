import type { LogFilter } from '@hearth/protocol';
import { msg } from '@lingui/core/macro';

// The time filter: a preset relative to when it was chosen ("Last 24 hours", kept as `range=24h`
// in the URL, so a shared link means the last 24 hours when it is opened) or a custom from/to.

export const TIME_RANGES = [
  { value: 'any', label: msg`Any time`, spanMs: null },
  { value: '1h', label: msg`Last hour`, spanMs: 3_600_000 },
  { value: '24h', label: msg`Last 24 hours`, spanMs: 86_400_000 },
  { value: '7d', label: msg`Last 7 days`, spanMs: 7 * 86_400_000 },
  { value: '30d', label: msg`Last 30 days`, spanMs: 30 * 86_400_000 },
  { value: 'custom', label: msg`Custom range`, spanMs: null },
] as const;
export type TimeRange = (typeof TIME_RANGES)[number]['value'];

/** The range a URL names; from/to without a preset are a custom range. */
export function rangeOf(params: URLSearchParams, filter: LogFilter): TimeRange {
  const named = TIME_RANGES.find((r) => r.value === params.get('range'));
  if (named) return named.value;
  return filter.since !== null || filter.until !== null ? 'custom' : 'any';
}

/** The filter to query with: a preset becomes `since = anchor − span` (anchor: when it was chosen). */
export function applyRange(filter: LogFilter, range: TimeRange, anchorMs: number): LogFilter {
  const preset = TIME_RANGES.find((r) => r.value === range);
  if (range === 'custom') return filter;
  if (!preset?.spanMs) return { ...filter, since: null, until: null };
  return { ...filter, since: anchorMs - preset.spanMs, until: null };
}

/** A datetime-local input's value for unix ms (local time), and back. */
export function toLocalInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): number | null {
  if (value === '') return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}
