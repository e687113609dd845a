import type { WebhookDeliveryStatus } from '@hearth/protocol';
import { RefusedTargetError } from '../../lib/address-guard.ts';
import type { Logger } from '../../lib/logger.ts';
import { UpstreamStatusError } from '../../lib/outbound-http.ts';
import { describeError } from '../../errors.ts';
import type { WebhookRepository } from '../../repositories/webhook-repository.ts';
import type { Notice } from './webhook-payloads.ts';

export interface DispatchOptions {
  /** Deliveries waiting per target; past it the oldest waiting one is dropped. */
  queueSize: number;
  /** Attempts per delivery, the first included. */
  maxAttempts: number;
  /** The wait after the n-th failed attempt is retryBaseMs · 2^(n-1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  now: () => number;
}

export const DEFAULT_DISPATCH: DispatchOptions = {
  queueSize: 100,
  maxAttempts: 5,
  retryBaseMs: 2000,
  retryMaxMs: 5 * 60_000,
  now: Date.now,
};

/** Sends one delivery; resolves with the HTTP status of a 2xx answer, throws otherwise. */
export type Send = (targetId: string, notice: Notice, signal: AbortSignal) => Promise<number>;

interface Job {
  deliveryId: number;
  notice: Notice;
  /** Attempts already made (by this core or one that stopped before it was settled). */
  attempts: number;
}

interface Lane {
  jobs: Job[];
  running: boolean;
}

/** A failure worth another attempt: no answer, a time-out, 408, 429 or a 5xx. */
function retryable(err: unknown): boolean {
  if (err instanceof RefusedTargetError) return false;
  if (err instanceof UpstreamStatusError)
    return err.upstreamStatus === 408 || err.upstreamStatus === 429 || err.upstreamStatus >= 500;
  return true;
}

const statusOf = (err: unknown) => (err instanceof UpstreamStatusError ? err.upstreamStatus : null);

/**
 * Background delivery: one lane per target, delivered in order, one at a time, each retried with
 * exponential backoff; a lane holds at most `queueSize` deliveries (the oldest waiting one is
 * dropped, counted on the target, and the delivery log says so). Nothing here ever blocks the
 * caller.
 *
 * Durable: each delivery's row keeps its notice until it is settled. At shutdown the one under way
 * is aborted and left queued (its interrupted attempt not counted) with everything waiting behind
 * it, and what happens while the core stops (servers stopping) is recorded as queued; the next
 * core sends them all (`resume`). A receiver may so get one delivery twice (a kill -9 right after
 * it answered): deliveries are at least once (a generic JSON body carries its log entry's
 * snowflake to tell them apart).
 */
export class WebhookDispatcher {
  private readonly lanes = new Map<string, Lane>();
  private readonly aborts = new AbortController();
  private readonly wakers = new Set<() => void>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly repo: WebhookRepository,
    private readonly send: Send,
    private readonly log: Logger,
    private readonly options: DispatchOptions,
  ) {}

  /** Queues a delivery; once closed, it is only recorded as queued (the next core sends it). */
  enqueue(targetId: string, notice: Notice): void {
    const deliveryId = this.repo.nextDeliveryId();
    this.repo.addDelivery({
      id: deliveryId,
      targetId,
      event: notice.event,
      summary: notice.title,
      instance: notice.instance,
      status: 'queued',
      at: this.options.now(),
      notice: JSON.stringify(notice),
    });
    if (!this.closed) this.add(targetId, { deliveryId, notice, attempts: 0 });
  }

  /** A delivery a stopped core left queued or retrying: sent again, under its own row. */
  resume(targetId: string, deliveryId: number, notice: Notice, attempts: number): void {
    if (this.closed) return;
    this.add(targetId, { deliveryId, notice, attempts });
  }

  private add(targetId: string, job: Job): void {
    const lane = this.lanes.get(targetId) ?? { jobs: [], running: false };
    this.lanes.set(targetId, lane);
    lane.jobs.push(job);
    // The head is the one being delivered; the oldest one still waiting behind it goes.
    while (lane.jobs.length > this.options.queueSize) {
      const [dropped] = lane.jobs.splice(lane.running ? 1 : 0, 1);
      if (!dropped) break;
      this.finish(targetId, dropped, 'dropped', dropped.attempts, null, 'The queue was full');
      this.repo.countDropped(targetId);
    }
    if (!lane.running) {
      lane.running = true;
      const work = this.drain(targetId, lane).finally(() => this.running.delete(work));
      this.running.add(work);
    }
  }

  /** Deliveries waiting (or under way) for a target. */
  queued(targetId: string): number {
    return this.lanes.get(targetId)?.jobs.length ?? 0;
  }

  /** Forgets a deleted target's lane (what is under way is abandoned at its next step). */
  forget(targetId: string): void {
    const lane = this.lanes.get(targetId);
    if (lane) lane.jobs.length = 0;
    this.lanes.delete(targetId);
  }

  /** Stops every lane: the request under way is aborted; it and the waiting ones stay queued. */
  async close(): Promise<void> {
    this.closed = true;
    this.aborts.abort(new Error('The core is shutting down'));
    for (const wake of this.wakers) wake();
    await Promise.allSettled([...this.running]);
  }

  private async drain(targetId: string, lane: Lane): Promise<void> {
    try {
      while (!this.closed && lane.jobs.length > 0 && this.lanes.get(targetId) === lane) {
        const job = lane.jobs[0];
        if (!job) break;
        await this.deliver(targetId, job);
        if (lane.jobs[0] === job) lane.jobs.shift();
      }
    } catch (err) {
      this.log.error(`Webhook lane failed: ${describeError(err)}`);
    } finally {
      lane.running = false;
    }
  }

  private async deliver(targetId: string, job: Job): Promise<void> {
    for (let attempt = job.attempts + 1; ; attempt++) {
      // Shutdown: the row stays queued or retrying, and the next core sends it.
      if (this.closed) return;
      try {
        const status = await this.send(targetId, job.notice, this.aborts.signal);
        this.finish(targetId, job, 'delivered', attempt, status, '');
        return;
      } catch (err) {
        if (this.closed) {
          this.finish(
            targetId,
            job,
            job.attempts === 0 ? 'queued' : 'retrying',
            job.attempts,
            null,
            'The core stopped while sending it; it is sent again when the core starts',
          );
          return;
        }
        job.attempts = attempt;
        const message = describeError(err);
        if (!retryable(err) || attempt >= this.options.maxAttempts) {
          this.finish(targetId, job, 'failed', attempt, statusOf(err), message);
          return;
        }
        this.finish(targetId, job, 'retrying', attempt, statusOf(err), message);
        await this.wait(this.backoff(attempt, err));
      }
    }
  }

  private backoff(attempt: number, err: unknown): number {
    const { retryBaseMs, retryMaxMs } = this.options;
    const exponential = retryBaseMs * 2 ** (attempt - 1);
    const asked = err instanceof RetryAfter ? err.ms : 0;
    return Math.min(Math.max(exponential, asked), retryMaxMs);
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wakers.add(done);
    });
  }

  private finish(
    targetId: string,
    job: Job,
    status: WebhookDeliveryStatus,
    attempts: number,
    httpStatus: number | null,
    message: string,
  ): void {
    this.repo.updateDelivery(job.deliveryId, targetId, {
      status,
      attempts,
      httpStatus,
      message,
      at: this.options.now(),
    });
  }
}

/** A 429 or 503 that said how long to wait (Retry-After), as an UpstreamStatusError. */
export class RetryAfter extends UpstreamStatusError {
  constructor(
    url: string,
    status: number,
    statusText: string,
    readonly ms: number,
  ) {
    super(url, status, 'POST', statusText);
  }
}
