import fs from 'node:fs/promises';
import os from 'node:os';
import pidusage from 'pidusage';
import type { PerformanceReport } from '@hearth/protocol';
import { processTree } from '../supervisor/process-tree.ts';

export const EMPTY_REPORT: PerformanceReport = {
  memory_usage: null,
  disk_usage: null,
  cpu_usage: null,
  start_time: null,
};

interface IoCounters {
  read: number;
  written: number;
}

async function ioCounters(pid: number): Promise<IoCounters | null> {
  try {
    const text = await fs.readFile(`/proc/${pid}/io`, 'utf8');
    const read = /^read_bytes:\s+(\d+)/m.exec(text);
    const written = /^write_bytes:\s+(\d+)/m.exec(text);
    if (!read || !written) return null;
    return { read: Number(read[1]), written: Number(written[1]) };
  } catch {
    return null;
  }
}

/**
 * Samples one server's whole process tree (core-api.md §2.14, but over children too: a launcher
 * script's real work often happens in a child). CPU is a share of the whole machine (0–100),
 * memory the summed resident bytes, disk the summed I/O counters with the change since the
 * previous sample of the same server.
 */
export class ProcessSampler {
  private previous: IoCounters | null = null;

  constructor(
    private readonly pid: number,
    /** Unix ms when the process was spawned. */
    private readonly startedAt: number,
  ) {}

  async sample(): Promise<PerformanceReport> {
    const pids = processTree(this.pid);
    const stats = await Promise.allSettled(pids.map((pid) => pidusage(pid)));
    let cpu = 0;
    let memory = 0;
    let alive = 0;
    for (const s of stats) {
      if (s.status !== 'fulfilled') continue;
      alive++;
      cpu += s.value.cpu;
      memory += s.value.memory;
    }
    if (alive === 0) return EMPTY_REPORT;
    const counters = (await Promise.all(pids.map(ioCounters))).filter(
      (c): c is IoCounters => c !== null,
    );
    let disk: PerformanceReport['disk_usage'] = null;
    if (counters.length > 0) {
      const total = counters.reduce(
        (acc, c) => ({ read: acc.read + c.read, written: acc.written + c.written }),
        { read: 0, written: 0 },
      );
      const prev = this.previous;
      disk = {
        total_written_bytes: total.written,
        written_bytes: prev ? Math.max(0, total.written - prev.written) : 0,
        total_read_bytes: total.read,
        read_bytes: prev ? Math.max(0, total.read - prev.read) : 0,
      };
      this.previous = total;
    }
    const cpus = Math.max(1, os.availableParallelism());
    return {
      memory_usage: memory,
      disk_usage: disk,
      cpu_usage: cpu / cpus,
      start_time: Math.floor(this.startedAt / 1000),
    };
  }
}

/** Drops pidusage's per-pid history (a timer inside the library) when nothing is sampled any more. */
export function clearSamplerHistory(): void {
  pidusage.clear();
}
