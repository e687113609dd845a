import { describe, expect, it } from 'vitest';
import { GIB } from '@hearth/protocol';
import {
  formatMemory,
  latest,
  memoryMaxGib,
  memoryScaleGib,
  pointCount,
  pushSample,
  toColumns,
  toSample,
} from './monitor-series.ts';
import type { MonitorSample } from './monitor-series.ts';

const report = (cpu: number | null, memory: number | null) => ({
  cpu_usage: cpu,
  memory_usage: memory,
  disk_usage: null,
  start_time: null,
});

describe('monitor series (dashboard.md §9)', () => {
  it('converts memory to GiB', () => {
    expect(toSample(report(12.5, 2 * GIB))).toEqual({ cpu: 12.5, memory: 2 });
    expect(toSample(report(null, null))).toEqual({ cpu: null, memory: null });
  });

  it('keeps the newest 60 samples', () => {
    let samples: MonitorSample[] = [];
    for (let i = 0; i < 75; i += 1) samples = pushSample(samples, { cpu: i, memory: null });
    expect(samples).toHaveLength(60);
    expect(samples[0]?.cpu).toBe(15);
    expect(samples.at(-1)?.cpu).toBe(74);
  });

  it('places samples one second apart, ending at 0', () => {
    const samples = [
      { cpu: 1, memory: null },
      { cpu: null, memory: null },
      { cpu: 3, memory: null },
    ];
    expect(toColumns(samples, (s) => s.cpu)).toEqual([
      [-2, -1, 0],
      [1, null, 3],
    ]);
    expect(latest(samples, (s) => s.cpu)).toBe(3);
    expect(latest(samples, (s) => s.memory)).toBeNull();
    expect(pointCount(samples, (s) => s.cpu)).toBe(2);
  });

  it('uses the total RAM as the memory maximum, else 32 GiB', () => {
    expect(memoryMaxGib(8 * GIB)).toBe(8);
    expect(memoryMaxGib(undefined)).toBe(32);
    expect(memoryMaxGib(0)).toBe(32);
  });

  it('scales memory to the recent peak with headroom, within the machine (issue 15 #9)', () => {
    const at = (...gib: number[]) => gib.map((memory) => ({ cpu: null, memory }));
    // 0.1 GiB on a 23.5 GiB machine: the chart tops at 128 MiB, not 23.5 GiB.
    expect(memoryScaleGib(at(0.08, 0.1, 0.09), 23.5 * GIB)).toBe(0.125);
    expect(memoryScaleGib(at(0.9), 23.5 * GIB)).toBe(2);
    expect(memoryScaleGib(at(20), 23.5 * GIB)).toBe(23.5);
    expect(memoryScaleGib([], 23.5 * GIB)).toBe(1 / 16);
    expect(memoryScaleGib(at(3), undefined)).toBe(4);
  });

  it('shows the absolute figure: MiB under 1 GiB, else GiB', () => {
    expect(formatMemory(0.1)).toBe('102 MiB');
    expect(formatMemory(1.5)).toBe('1.50 GiB');
  });
});
