import {
  SnowflakeGenerator,
  type CausedBy,
  type ProgressionEndValue,
  type ProgressionStartValue,
} from '@hearth/protocol';
import type { EventBus } from '../events/event-bus.ts';

const ids = new SnowflakeGenerator();

export interface ProgressionOptions {
  /** False: no Event Logs entries of its own (an activity tells the story; EmitOptions.logged). */
  logged?: boolean;
}

/** One progression (core-api.md §2.4.4): start, increments, one end. Updates after the end are dropped. */
export class Progression {
  private readonly eventId = ids.next();
  private ended = false;
  private sent = 0;
  private readonly logged: boolean;

  constructor(
    private readonly events: EventBus,
    private readonly causedBy: CausedBy,
    name: string,
    private readonly total: number | null,
    inner: ProgressionStartValue | null,
    options: ProgressionOptions = {},
  ) {
    this.logged = options.logged ?? true;
    this.events.emit(
      {
        type: 'ProgressionEvent',
        event_id: this.eventId,
        progression_event_inner: { type: 'ProgressionStart', progression_name: name, total, inner },
      },
      { causedBy, logged: this.logged },
    );
  }

  /** Adds `progress` (an increment), never beyond the total. */
  update(progress: number, message: string): void {
    if (this.ended) return;
    const room =
      this.total === null ? progress : Math.max(0, Math.min(progress, this.total - this.sent));
    this.sent += room;
    this.events.emit(
      {
        type: 'ProgressionEvent',
        event_id: this.eventId,
        progression_event_inner: {
          type: 'ProgressionUpdate',
          progress_message: message,
          progress: room,
        },
      },
      { causedBy: this.causedBy, logged: this.logged },
    );
  }

  end(success: boolean, message: string | null, inner: ProgressionEndValue | null): void {
    if (this.ended) return;
    this.ended = true;
    this.events.emit(
      {
        type: 'ProgressionEvent',
        event_id: this.eventId,
        progression_event_inner: { type: 'ProgressionEnd', success, message, inner },
      },
      { causedBy: this.causedBy, logged: this.logged },
    );
  }
}
