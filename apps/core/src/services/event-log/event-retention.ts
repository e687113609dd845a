import { msToSnowflakeBound } from '@hearth/protocol';
import { describeError } from '../../errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { EventLogRepository } from '../../repositories/event-log-repository.ts';

export interface RetentionOptions {
  /** Rows older than this many days go (0 = no age limit). */
  days: number;
  /** At most this many event log entries are kept (0 = no limit); older rows of any kind go with them. */
  maxEvents: number;
  /** Between two prunes. */
  intervalMs: number;
  /** Rows deleted per statement; the event loop runs between two batches. */
  batchSize: number;
  now: () => number;
}

export const DEFAULT_RETENTION: RetentionOptions = {
  days: 90,
  maxEvents: 1_000_000,
  intervalMs: 10 * 60_000,
  batchSize: 2000,
  now: Date.now,
};

const DAY_MS = 24 * 60 * 60_000;
/** Log rows counted per statement when finding the count cutoff (the loop runs between steps). */
const COUNT_STEP = 50_000;
/** The first prune waits a little after boot, so starting the instances comes first. */
const FIRST_RUN_DELAY_MS = 30_000;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Keeps the event history to N days and N log entries, pruned in the background in small batches
 * (each a short transaction; the loop runs between them). The count is of log entries — rows the
 * event log shows — so it means the same whether or not console lines are stored; rows of any kind
 * older than the oldest kept entry go too.
 */
export class EventRetention {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly repository: EventLogRepository,
    private readonly log: Logger,
    private readonly options: RetentionOptions,
  ) {}

  start(): void {
    if (this.options.days <= 0 && this.options.maxEvents <= 0) return;
    this.schedule(Math.min(FIRST_RUN_DELAY_MS, this.options.intervalMs));
  }

  /** Stops the timer and waits for a prune under way to finish its batch. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One prune now (or joins the one under way); resolves with the rows deleted. */
  runOnce(): Promise<number> {
    this.running ??= this.prune().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The snowflake below which rows go now, or null when nothing is due. */
  async cutoff(): Promise<bigint | null> {
    const bounds: bigint[] = [];
    if (this.options.days > 0)
      bounds.push(msToSnowflakeBound(this.options.now() - this.options.days * DAY_MS));
    if (this.options.maxEvents > 0) {
      const byCount = await this.countCutoff(this.options.maxEvents);
      if (byCount !== null) bounds.push(byCount);
    }
    return bounds.length ? bounds.reduce((a, b) => (a > b ? a : b)) : null;
  }

  /** The `keep`-th newest log row's snowflake (rows older go), found in steps of COUNT_STEP. */
  private async countCutoff(keep: number): Promise<bigint | null> {
    let before: bigint | null = null;
    for (let left = keep; left > 0; left -= COUNT_STEP) {
      const found = this.repository.nthOlder(before, Math.min(left, COUNT_STEP));
      if (found === null) return null;
      before = found;
      if (left > COUNT_STEP) await yieldToLoop();
    }
    return before;
  }

  private async prune(): Promise<number> {
    const bound = await this.cutoff();
    if (bound === null) return 0;
    let deleted = 0;
    for (;;) {
      const n = this.repository.deleteOlderThan(bound, this.options.batchSize);
      deleted += n;
      if (n < this.options.batchSize || this.stopped) break;
      await yieldToLoop();
    }
    if (deleted > 0) this.log.info(`Event history: pruned ${deleted} old rows`);
    return deleted;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((err: unknown) =>
          this.log.error(`Event history prune failed: ${describeError(err)}`),
        )
        .finally(() => this.schedule(this.options.intervalMs));
    }, delay);
    this.timer.unref();
  }
}
