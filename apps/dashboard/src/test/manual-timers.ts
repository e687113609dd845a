import type { Timers } from '@/lib/realtime/socket-hub.ts';

/** Timers that fire only when the test says so: a reconnect happens at the test's command. */
export class ManualTimers implements Timers {
  private readonly due = new Map<number, () => void>();
  private next = 0;

  setTimeout = (fn: () => void): unknown => {
    this.next += 1;
    this.due.set(this.next, fn);
    return this.next;
  };

  clearTimeout = (handle: unknown): void => {
    this.due.delete(handle as number);
  };

  get pending(): number {
    return this.due.size;
  }

  /** Runs every timer set so far (not the ones they set in turn). */
  fireAll(): void {
    const now = [...this.due.entries()];
    this.due.clear();
    for (const [, fn] of now) fn();
  }
}
