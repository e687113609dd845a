import { describeError } from '../errors.ts';
import type { Logger } from './logger.ts';

/** A pause that never keeps the process alive on its own. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Work that runs after the request that started it has been answered (installs, boot checks):
 * failures are logged, never unhandled, and shutdown can wait for what is still running.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly log: Logger,
    private readonly what: string,
  ) {}

  track(work: Promise<unknown>): void {
    const tracked = work.catch((err: unknown) =>
      this.log.error(`${this.what} failed: ${describeError(err)}`),
    );
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /** Resolves when everything tracked has settled, or after `maxWaitMs` (never holds an exit). */
  async settle(maxWaitMs: number): Promise<void> {
    await Promise.race([Promise.allSettled([...this.running]), sleep(maxWaitMs)]);
  }
}
