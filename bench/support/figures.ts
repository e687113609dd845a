// Small helpers every benchmark shares: medians, ratios, units, and the row a benchmark hands to
// bench/report.ts for the table in docs/performance.md.
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** One row of the table (Measure | Hearth | Side by side | Ratio), already formatted. */
export interface BenchRow {
  measure: string;
  hearth: string;
  sideBySide: string;
  ratio: string;
}

/** Median of a list of numbers (NaN for an empty list). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at fraction `q` (0–1) of the sorted list. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** `a / b` as `1.23×`, or `—` when either side is missing. */
export function ratio(a: number, b: number, digits = 2): string {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(digits)}×` : '—';
}

export const MiB = 1024 * 1024;
export const mib = (bytes: number, digits = 0) => `${(bytes / MiB).toFixed(digits)} MiB`;
export const kib = (bytes: number, digits = 0) => `${(bytes / 1024).toFixed(digits)} KiB`;
export const ms = (n: number, digits = 0) => (Number.isFinite(n) ? `${n.toFixed(digits)} ms` : '—');
export const int = (n: number) =>
  Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—';

/** `label ....: value`, the layout every benchmark prints its figures in. */
export function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(34)}: ${value}`);
}

/** The machine, for the header line of every benchmark. */
export function machine(): string {
  const load = os.loadavg()[0]?.toFixed(1) ?? '?';
  return `${os.cpus().length} CPUs: ${os.cpus()[0]?.model ?? '?'}, load ${load}`;
}

/** The order of `items` for round `round`: rotated so no contender always goes first. */
export function rotated<T>(items: readonly T[], round: number): T[] {
  const shift = round % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

/** True when this module file is the script node was started with (not imported by run-all). */
export function isMain(metaUrl: string): boolean {
  return (
    process.argv[1] !== undefined && pathToFileURL(path.resolve(process.argv[1])).href === metaUrl
  );
}

/** A positive number from the environment, else `fallback`. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The ratio of each run's pair (`a[i] / b[i]`), skipping pairs with a missing side. */
export function ratiosOf(a: readonly number[], b: readonly number[]): number[] {
  return a
    .map((value, i) => value / (b[i] ?? NaN))
    .filter((r) => Number.isFinite(r) && r !== Infinity);
}

/** `median (min–max)` of a list, each value formatted by `format`; one value alone as itself. */
export function spread(values: readonly number[], format: (n: number) => string): string {
  if (values.length === 0) return '—';
  if (values.length === 1) return format(values[0]!);
  return `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

/** The median of per-run ratios with their spread: `1.23× (1.10–1.40× over 3 runs)`. */
export function ratioSpread(a: readonly number[], b: readonly number[], digits = 2): string {
  const r = ratiosOf(a, b);
  if (r.length === 0) return '—';
  const f = (n: number) => `${n.toFixed(digits)}×`;
  if (r.length === 1) return `${f(r[0]!)} (1 run)`;
  return `${f(median(r))} (${f(Math.min(...r))}–${f(Math.max(...r))} over ${r.length} runs)`;
}
