import { MONITOR_INTERVAL_MS, MONITOR_RING_SIZE, type PerformanceReport } from '@hearth/protocol';
import { RingBuffer } from '../../events/ring-buffer.ts';
import { EMPTY_REPORT, ProcessSampler, clearSamplerHistory } from './process-sampler.ts';

type Listener = (report: PerformanceReport) => void;

interface Entry {
  ring: RingBuffer<PerformanceReport>;
  listeners: Set<Listener>;
  sampler: ProcessSampler | null;
}

/**
 * One sampler for every instance (core-api.md §3.18): each second it samples each live server once,
 * keeps the last 64 reports per instance and hands the fresh report to that instance's sockets, so
 * ten open monitors cost one measurement, not ten.
 */
export class MonitorHub {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | null = null;
  private sampling = false;

  constructor(private readonly intervalMs = MONITOR_INTERVAL_MS) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const entry of this.entries.values()) entry.listeners.clear();
    clearSamplerHistory();
  }

  add(uuid: string): void {
    if (!this.entries.has(uuid))
      this.entries.set(uuid, {
        ring: new RingBuffer(MONITOR_RING_SIZE),
        listeners: new Set(),
        sampler: null,
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
    entry.sampler = process ? new ProcessSampler(process.pid, process.startedAt) : null;
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

  /** One sampling round; exposed for tests. */
  async tick(): Promise<void> {
    if (this.sampling) return;
    this.sampling = true;
    try {
      await Promise.all(
        [...this.entries.values()].map(async (entry) => {
          const sampler = entry.sampler;
          let report = EMPTY_REPORT;
          if (sampler) {
            try {
              report = await sampler.sample();
            } catch {
              report = EMPTY_REPORT;
            }
          }
          entry.ring.push(report);
          for (const listener of entry.listeners) listener(report);
        }),
      );
    } finally {
      this.sampling = false;
    }
  }
}
