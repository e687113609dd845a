import type { EventBus } from '../../events/event-bus.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import { Progression } from '../instance-progression.ts';
import { userCause } from '../user-service.ts';

const MIB = 1024 * 1024;
/** Without a known total, an update is sent per this many bytes. */
const UNKNOWN_TOTAL_STEP = 4 * MIB;

/** `x.y` in MB (MiB), as the progress messages show sizes. */
export function mb(bytes: number): string {
  return (bytes / MIB).toFixed(1);
}

/**
 * One long file operation as a progression (core-api.md §2.4.4): a start (total in bytes or null),
 * updates per crossed 1 % step (each adding total/100, as increments), and one end whose value is
 * `FSOperationCompleted` so the dashboard can toast the message.
 */
export class FileJob {
  readonly #progression: Progression;
  #steps = 0;
  #sent = 0;

  constructor(
    events: EventBus,
    user: StoredUser,
    private readonly instanceUuid: string,
    name: string,
    private readonly total: number | null,
  ) {
    this.#progression = new Progression(events, userCause(user), name, total, null);
  }

  /** Reports `done` bytes so far (absolute); sends an update only when a 1 % step is crossed. */
  progress(done: number, message: () => string): void {
    if (this.total === null || this.total <= 0) {
      if (done - this.#sent < UNKNOWN_TOTAL_STEP) return;
      this.#progression.update(done - this.#sent, message());
      this.#sent = done;
      return;
    }
    const steps = Math.min(100, Math.floor((done * 100) / this.total));
    if (steps <= this.#steps) return;
    this.#progression.update(((steps - this.#steps) * this.total) / 100, message());
    this.#steps = steps;
  }

  end(success: boolean, message: string): void {
    this.#progression.end(success, message, {
      type: 'FSOperationCompleted',
      instance_uuid: this.instanceUuid,
      success,
      message,
    });
  }
}
