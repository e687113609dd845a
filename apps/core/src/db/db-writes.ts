import {
  DatabaseBusyError,
  describeError,
  isDatabaseBusy,
  isDatabaseUnavailable,
} from '../errors.ts';
import { sleep } from '../lib/background-work.ts';
import type { Logger } from '../lib/logger.ts';

/**
 * SQLite's own wait for a lock (`busy_timeout`). better-sqlite3 is synchronous: this wait blocks
 * the whole event loop (console, sockets, every request), so it stays a few milliseconds and the
 * longer waits below are asynchronous.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5;

export interface DbWritesOptions {
  /** How long a request waits (asynchronously) for another process's lock before its 503. */
  waitMs: number;
  /** Background writes the database did not take are tried again after this, doubling… */
  retryMinMs: number;
  /** …up to this. */
  retryMaxMs: number;
  /** Background writes kept waiting at most; past it the oldest go (counted and logged). */
  maxPending: number;
}

export const DEFAULT_DB_WRITES: DbWritesOptions = {
  waitMs: 2000,
  retryMinMs: 25,
  retryMaxMs: 1000,
  maxPending: 10_000,
};

/** The first wait of a request between two tries; doubled each time, at most REQUEST_STEP_MAX_MS. */
const REQUEST_STEP_MS = 5;
const REQUEST_STEP_MAX_MS = 100;

interface Pending {
  /** What the write is, for the log ("process record", "webhook delivery"). */
  label: string;
  write: () => void;
}

/**
 * How the core writes to SQLite when the database may not take a write now — another process holds
 * its lock, the disk is full, the file turned read-only:
 *
 * - `now`: a write a request waits for. Tried at once; while the database is locked it is tried
 *   again with back-off, asynchronously (the event loop keeps serving), for at most `waitMs`, then
 *   the request gets `DatabaseBusyError` (503 "The database is busy"). Other failures are thrown
 *   as they are.
 * - `later`: a write nobody waits for (process records, task history, webhook deliveries, schedule
 *   runs). Tried at once; when the database cannot take it, it waits here in order with the
 *   others and is tried again with back-off until it goes in. A write with a `key` replaces the
 *   waiting one with the same key (a newer state of the same row). Past `maxPending` the oldest
 *   go, counted in `dropped`; a write the database refuses for good (a constraint) is logged and
 *   counted too. Never throws.
 *
 * A request's write first writes what waits here, so the database sees every write in the order
 * the core made them.
 */
export class DbWrites {
  private readonly queue = new Map<string, Pending>();
  private anonymous = 0;
  private timer: NodeJS.Timeout | null = null;
  private delayMs: number;
  /** Why the database last refused a waiting write (null while it takes them). */
  private failing: string | null = null;
  private droppedThisEpisode = 0;
  /** Background writes lost: dropped past the bound, or refused by the database for good. */
  dropped = 0;

  constructor(
    private readonly log: Logger,
    private readonly options: DbWritesOptions = DEFAULT_DB_WRITES,
  ) {
    this.delayMs = options.retryMinMs;
  }

  /** Background writes waiting for the database. */
  get pending(): number {
    return this.queue.size;
  }

  /** Standing problems, one sentence each (the owner's core warnings). */
  warnings(): string[] {
    const out: string[] = [];
    if (this.queue.size > 0 && this.failing !== null)
      out.push(
        `${this.queue.size} records (server processes, task history, webhook deliveries, schedule runs) wait in memory for the database: ${this.failing}.`,
      );
    if (this.dropped > 0)
      out.push(
        `${this.dropped} records (server processes, task history, webhook deliveries, schedule runs) could not be stored: the database did not take them.`,
      );
    return out;
  }

  async now<T>(write: () => T): Promise<T> {
    const deadline = Date.now() + this.options.waitMs;
    let step = REQUEST_STEP_MS;
    for (;;) {
      this.drain();
      try {
        return write();
      } catch (err) {
        if (!isDatabaseBusy(err)) throw err;
        const left = deadline - Date.now();
        if (left <= 0) throw new DatabaseBusyError();
        await sleep(Math.min(step, left));
        step = Math.min(step * 2, REQUEST_STEP_MAX_MS);
      }
    }
  }

  later(label: string, write: () => void, key?: string): void {
    if (this.queue.size === 0) {
      try {
        write();
        return;
      } catch (err) {
        if (!isDatabaseUnavailable(err)) {
          this.lose(label, err);
          return;
        }
        this.noteFailure(err);
      }
    }
    const id = key ?? `#${++this.anonymous}`;
    this.queue.delete(id);
    this.queue.set(id, { label, write });
    while (this.queue.size > this.options.maxPending) {
      const oldest = this.queue.keys().next();
      if (oldest.done) break;
      this.queue.delete(oldest.value);
      this.dropped++;
      if (this.droppedThisEpisode++ === 0)
        this.log.error(
          `The database has not taken writes for a while (${this.failing ?? 'unknown'}): the oldest of the ${this.options.maxPending} waiting are being dropped`,
        );
    }
    this.schedule();
  }

  /** Last try before the database closes; what still waits is logged as lost. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.drain()) return;
    this.dropped += this.queue.size;
    const labels = [...new Set([...this.queue.values()].map((p) => p.label))].join(', ');
    this.log.error(
      `${this.queue.size} database writes (${labels}) were lost at shutdown: ${this.failing ?? 'the database did not take them'}`,
    );
    this.queue.clear();
  }

  /** Writes what waits, oldest first; false when the database still refuses (the rest waits). */
  private drain(): boolean {
    if (this.queue.size === 0) return true;
    const waited = this.queue.size;
    for (const [id, pending] of this.queue) {
      try {
        pending.write();
      } catch (err) {
        if (isDatabaseUnavailable(err)) {
          this.noteFailure(err);
          return false;
        }
        this.lose(pending.label, err);
      }
      this.queue.delete(id);
    }
    this.log.info(
      `The database takes writes again: ${waited} waiting writes were written` +
        (this.droppedThisEpisode > 0 ? ` (${this.droppedThisEpisode} were dropped)` : ''),
    );
    this.failing = null;
    this.droppedThisEpisode = 0;
    this.delayMs = this.options.retryMinMs;
    return true;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.drain()) return;
      this.delayMs = Math.min(this.delayMs * 2, this.options.retryMaxMs);
      this.schedule();
    }, this.delayMs);
    this.timer.unref();
  }

  private noteFailure(err: unknown): void {
    if (this.failing === null)
      this.log.warn(
        `The database does not take writes (${describeError(err)}): they wait in memory and are tried again`,
      );
    this.failing = describeError(err);
  }

  private lose(label: string, err: unknown): void {
    this.dropped++;
    this.log.error(`A ${label} could not be written and is lost: ${describeError(err)}`);
  }
}
