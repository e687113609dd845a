import os from 'node:os';
import { MONITOR_INTERVAL_MS, MONITOR_RING_SIZE, type PerformanceReport } from '@hearth/protocol';
import { RingBuffer } from '../../events/ring-buffer.ts';
import { loopTurn } from '../../lib/loop-turns.ts';
import { ProcTable, type TreeSample } from './proc-table.ts';

export const EMPTY_REPORT: PerformanceReport = {
  memory_usage: null,
  disk_usage: null,
  cpu_usage: null,
  start_time: null,
};

type Listener = (report: PerformanceReport) => void;

/** The server process an entry samples, and what its previous sample left to compare with. */
interface Sampled {
  pid: number;
  /** Unix ms when the process was spawned. */
  startedAt: number;
  /** performance.now() of its previous sample (null: none yet). */
  sampledAt: number | null;
  io: { read: number; written: number } | null;
}

interface Entry {
  ring: RingBuffer<PerformanceReport>;
  listeners: Set<Listener>;
  process: Sampled | null;
}

/**
 * One sampler for every instance (core-api.md §3.18): each second one pass over /proc
 * (`ProcTable`) measures every live server's process tree, the last 64 reports per instance are
 * kept and each fresh report is handed to that instance's sockets, so ten open monitors cost one
 * measurement, not ten, and a hundred servers cost one listing of /proc, not a hundred.
 * The reports go out a few sockets per turn of the event loop, so a request that arrives while
 * fifty monitors are fed waits for one slice of that work, not all of it.
 */
export class MonitorHub {
  private readonly entries = new Map<string, Entry>();
  private readonly table: ProcTable;
  private timer: NodeJS.Timeout | null = null;
  private sampling = false;

  constructor(
    private readonly intervalMs = MONITOR_INTERVAL_MS,
    table?: ProcTable,
    /** At most this many listeners are handed a report in one turn of the event loop. */
    private readonly sendsPerTurn = 8,
  ) {
    this.table = table ?? new ProcTable();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const entry of this.entries.values()) entry.listeners.clear();
    this.table.close();
  }

  add(uuid: string): void {
    if (!this.entries.has(uuid))
      this.entries.set(uuid, {
        ring: new RingBuffer(MONITOR_RING_SIZE),
        listeners: new Set(),
        process: null,
      });
  }

  remove(uuid: string): void {
    const entry = this.entries.get(uuid);
    entry?.listeners.clear();
    this.entries.delete(uuid);
  }

  /** The server of `uuid` now runs as `pid` (null: it stopped). */
  setProcess(uuid: string, process: { pid: number; startedAt: number } | null): void {
    const entry = this.entries.get(uuid);
    if (!entry) return;
    entry.process = process ? { ...process, sampledAt: null, io: null } : null;
  }

  buffer(uuid: string): PerformanceReport[] {
    return this.entries.get(uuid)?.ring.toArray() ?? [];
  }

  subscribe(uuid: string, listener: Listener): () => void {
    const entry = this.entries.get(uuid);
    if (!entry) return () => undefined;
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /** One sampling round: one pass over /proc for every live server; exposed for tests. */
  async tick(): Promise<void> {
    if (this.sampling) return;
    this.sampling = true;
    try {
      const roots: number[] = [];
      for (const entry of this.entries.values()) if (entry.process) roots.push(entry.process.pid);
      let samples: Map<number, TreeSample>;
      try {
        samples = await this.table.scan(roots);
      } catch {
        samples = new Map();
      }
      const now = performance.now();
      const fresh: [Entry, PerformanceReport][] = [];
      for (const entry of this.entries.values()) {
        const sampled = entry.process;
        const tree = sampled ? samples.get(sampled.pid) : undefined;
        const report = sampled && tree ? this.report(sampled, tree, now) : EMPTY_REPORT;
        entry.ring.push(report);
        fresh.push([entry, report]);
      }
      // Every ring holds its report before any listener hears of one; a listener that went
      // away meanwhile (its socket closed) is no longer in the set and is skipped.
      let sent = 0;
      for (const [entry, report] of fresh)
        for (const listener of entry.listeners) {
          if (sent > 0 && sent % this.sendsPerTurn === 0) await loopTurn();
          if (!entry.listeners.has(listener)) continue;
          listener(report);
          sent++;
        }
    } finally {
      this.sampling = false;
    }
  }

  /**
   * CPU as a share of the whole machine (0–100): the tree's ticks since the previous sample over
   * the time between them (the first sample: since the server started); memory the summed resident
   * bytes; disk the summed I/O counters with the change since the previous sample.
   */
  private report(sampled: Sampled, tree: TreeSample, now: number): PerformanceReport {
    if (tree.processes === 0) return EMPTY_REPORT;
    const ticks = sampled.sampledAt === null ? tree.cpuTicksTotal : tree.cpuTicks;
    const seconds =
      sampled.sampledAt === null
        ? Math.max(0.001, (Date.now() - sampled.startedAt) / 1000)
        : Math.max(0.001, (now - sampled.sampledAt) / 1000);
    const cpus = Math.max(1, os.availableParallelism());
    let disk: PerformanceReport['disk_usage'] = null;
    if (tree.io) {
      const previous = sampled.io;
      disk = {
        total_written_bytes: tree.io.written,
        written_bytes: previous ? Math.max(0, tree.io.written - previous.written) : 0,
        total_read_bytes: tree.io.read,
        read_bytes: previous ? Math.max(0, tree.io.read - previous.read) : 0,
      };
      sampled.io = tree.io;
    }
    sampled.sampledAt = now;
    return {
      memory_usage: tree.rssBytes,
      disk_usage: disk,
      cpu_usage: (100 * ticks) / this.table.ticksPerSecond / seconds / cpus,
      start_time: Math.floor(sampled.startedAt / 1000),
    };
  }
}
