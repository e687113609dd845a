import { CPU_CHART_MAX, DEFAULT_MEMORY_MAX_GIB, GIB, MONITOR_SAMPLES } from '@hearth/protocol';
import type { PerformanceReport } from '@hearth/protocol';
import { formatNumber } from '@/lib/i18n/format.ts';

// dashboard.md §9 "Monitor": 60 samples, one per second, over a 61 s window; memory in GiB with the
// core's total RAM as the maximum (32 GiB when unknown); CPU up to 100 %.

export interface MonitorSample {
  cpu: number | null;
  /** GiB */
  memory: number | null;
}

export function toSample(report: PerformanceReport): MonitorSample {
  return {
    cpu: report.cpu_usage === null ? null : Math.max(0, report.cpu_usage),
    memory: report.memory_usage === null ? null : report.memory_usage / GIB,
  };
}

/** Appends and keeps the newest 60. */
export function pushSample(
  samples: readonly MonitorSample[],
  sample: MonitorSample,
): MonitorSample[] {
  const next = [...samples, sample];
  return next.length > MONITOR_SAMPLES ? next.slice(next.length - MONITOR_SAMPLES) : next;
}

/**
 * uPlot columns: x is seconds relative to the newest sample (…, -2, -1, 0); reports come once a
 * second, and replayed ones carry no time of their own.
 */
export function toColumns(
  samples: readonly MonitorSample[],
  pick: (s: MonitorSample) => number | null,
): [number[], (number | null)[]] {
  const last = samples.length - 1;
  return [samples.map((_, i) => i - last), samples.map(pick)];
}

export function memoryMaxGib(totalRamBytes: number | null | undefined): number {
  return totalRamBytes && totalRamBytes > 0 ? totalRamBytes / GIB : DEFAULT_MEMORY_MAX_GIB;
}

/** Steps the memory chart's top snaps to (GiB): 64 MiB, 128 MiB, … doubling. */
const MEMORY_SCALE_FLOOR_GIB = 1 / 16;
/** Room above the recent peak, so the line does not ride the chart's top. */
const MEMORY_HEADROOM = 1.25;

/**
 * The memory chart's maximum (issue 15 #9): the recent peak with headroom, snapped up to a power of
 * two from 64 MiB, and never above the machine's RAM — a 0.1 GiB server on a 23.5 GiB machine was
 * a flat line at the bottom of a 0–23.5 GiB scale. The figure beside the chart stays absolute.
 */
export function memoryScaleGib(
  samples: readonly MonitorSample[],
  totalRamBytes: number | null | undefined,
): number {
  const ceiling = memoryMaxGib(totalRamBytes);
  const peak = samples.reduce(
    (max, s) => (s.memory !== null && s.memory > max ? s.memory : max),
    0,
  );
  let scale = MEMORY_SCALE_FLOOR_GIB;
  while (scale < peak * MEMORY_HEADROOM && scale < ceiling) scale *= 2;
  return Math.min(scale, ceiling);
}

/** A memory figure a person reads at a glance: MiB under 1 GiB, else GiB with two decimals. */
/** A CPU share with one decimal, in the active language ("12.5", "12,5"). */
export function formatCpu(percent: number): string {
  return formatNumber(percent, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  });
}

export function formatMemory(gib: number): string {
  if (gib < 1) return `${formatNumber(Math.round(gib * 1024))} MiB`;
  return `${formatNumber(gib, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })} GiB`;
}

export const CPU_MAX = CPU_CHART_MAX;

/** The newest non-null value, for the label beside the chart. */
export function latest(
  samples: readonly MonitorSample[],
  pick: (s: MonitorSample) => number | null,
): number | null {
  for (let i = samples.length - 1; i >= 0; i -= 1) {
    const sample = samples[i];
    const value = sample ? pick(sample) : null;
    if (value !== null) return value;
  }
  return null;
}

export function pointCount(
  samples: readonly MonitorSample[],
  pick: (s: MonitorSample) => number | null,
): number {
  return samples.reduce((n, s) => (pick(s) === null ? n : n + 1), 0);
}
