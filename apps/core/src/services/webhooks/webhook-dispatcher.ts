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
 * dropped, and the delivery log says so). Nothing here ever blocks the caller.
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

  enqueue(targetId: string, notice: Notice): void {
    if (this.closed) return;
    const lane = this.lanes.get(targetId) ?? { jobs: [], running: false };
    this.lanes.set(targetId, lane);
    const deliveryId = this.repo.addDelivery(
      targetId,
      notice.event,
      notice.title,
      'queued',
      this.options.now(),
    );
    lane.jobs.push({ deliveryId, notice });
    // The head is the one being delivered; the oldest one still waiting behind it goes.
    while (lane.jobs.length > this.options.queueSize) {
      const [dropped] = lane.jobs.splice(lane.running ? 1 : 0, 1);
      if (dropped) this.finish(dropped.deliveryId, 'dropped', 0, null, 'The queue was full');
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

  /** Stops every lane: the request under way is aborted and waiting deliveries are dropped. */
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
    for (let attempt = 1; ; attempt++) {
      if (this.closed) {
        this.finish(job.deliveryId, 'dropped', attempt - 1, null, 'The core shut down');
        return;
      }
      try {
        const status = await this.send(targetId, job.notice, this.aborts.signal);
        this.finish(job.deliveryId, 'delivered', attempt, status, '');
        return;
      } catch (err) {
        const message = describeError(err);
        if (this.closed || !retryable(err) || attempt >= this.options.maxAttempts) {
          this.finish(job.deliveryId, 'failed', attempt, statusOf(err), message);
          return;
        }
        this.finish(job.deliveryId, 'retrying', attempt, statusOf(err), message);
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
    deliveryId: number,
    status: 'queued' | 'retrying' | 'delivered' | 'failed' | 'dropped',
    attempts: number,
    httpStatus: number | null,
    message: string,
  ): void {
    try {
      this.repo.updateDelivery(deliveryId, {
        status,
        attempts,
        httpStatus,
        message,
        at: this.options.now(),
      });
    } catch (err) {
      this.log.error(`Could not record a webhook delivery: ${describeError(err)}`);
    }
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
