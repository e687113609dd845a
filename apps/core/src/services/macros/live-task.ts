import {
  SnowflakeGenerator,
  type CausedBy,
  type ExitStatus,
  type TaskEntry,
  replaceControlCharacters,
} from '@hearth/protocol';
import { CoreError, badRequest, notFound } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { MacroProcess } from '../../runtime/macros/macro-process.ts';
import type { TaskOutput } from './task-output.ts';

/** What a task may send through the SDK routes: a burst of 200 events, then 50 a second. */
const SDK_BURST = 200;
const SDK_PER_SECOND = 50;
const MAX_OPEN_PROGRESSIONS = 32;
const MAX_LINE_CHARS = 4096;
const MAX_TEXT_CHARS = 500;

const progressionIds = new SnowflakeGenerator();

/** A token bucket: `take()` is false once the burst is spent faster than the refill. */
class Budget {
  private tokens = SDK_BURST;
  private last = Date.now();

  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(SDK_BURST, this.tokens + ((now - this.last) / 1000) * SDK_PER_SECOND);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

const tooMany = () =>
  new CoreError('BadRequest', ['Too many events from this macro; slow down'], 429);

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export interface LiveTaskInit {
  pid: number;
  name: string;
  instanceUuid: string;
  creationTime: number;
  token: string;
  /**
   * The user who started it, naming the task: progressions are theirs (so their notification panel
   * shows them).
   */
  starter: CausedBy;
  /** The task itself as a cause (its own events, its console lines). */
  cause: CausedBy;
  /** Whose code it runs, when not only its starter's (the Started entry's details); or ''. */
  authorship: string;
  process: MacroProcess;
  /** What the task printed (its stdout and stderr lines). */
  output: TaskOutput;
}

/**
 * One running task and what it did through the SDK routes: its open progressions (ended for it if
 * it exits without ending them), whether it detached, and its event budget.
 */
export class LiveTask {
  readonly pid: number;
  readonly name: string;
  readonly instanceUuid: string;
  readonly creationTime: number;
  readonly token: string;
  readonly starter: CausedBy;
  readonly cause: CausedBy;
  readonly authorship: string;
  readonly process: MacroProcess;
  readonly output: TaskOutput;
  startedEmitted = false;
  private detached = false;
  private readonly progressions = new Map<string, { total: number | null; sent: number }>();
  private readonly budget = new Budget();
  /** Resolves with the exit once it has been recorded and announced. */
  readonly done: Promise<ExitStatus>;
  markDone: (exit: ExitStatus) => void = () => undefined;

  constructor(init: LiveTaskInit) {
    this.pid = init.pid;
    this.name = init.name;
    this.instanceUuid = init.instanceUuid;
    this.creationTime = init.creationTime;
    this.token = init.token;
    this.starter = init.starter;
    this.cause = init.cause;
    this.authorship = init.authorship;
    this.process = init.process;
    this.output = init.output;
    this.done = new Promise((resolve) => (this.markDone = resolve));
  }

  entry(): TaskEntry {
    return { name: this.name, creation_time: this.creationTime, pid: this.pid };
  }

  /** The macro's console line(s), marked with its name; control characters are dropped. */
  consoleOut(events: EventBus, instanceName: string, raw: string): void {
    const lines = raw.replace(/\r?\n$/, '').split(/\r?\n/);
    for (const line of lines) {
      if (!this.budget.take()) throw tooMany();
      const text = clip(
        replaceControlCharacters(line, '', { keepTabAndNewline: true }),
        MAX_LINE_CHARS,
      );
      events.emit(
        {
          type: 'InstanceEvent',
          instance_uuid: this.instanceUuid,
          instance_name: instanceName,
          instance_event_inner: {
            type: 'InstanceOutput',
            message: `[macro ${this.name}] ${text}\n`,
          },
        },
        { causedBy: this.cause },
      );
    }
  }

  progressionStart(events: EventBus, title: string, total: number | null): string {
    if (!this.budget.take()) throw tooMany();
    if (this.progressions.size >= MAX_OPEN_PROGRESSIONS)
      throw badRequest('Too many open progressions; end some first');
    const eventId = progressionIds.next();
    this.progressions.set(eventId, { total, sent: 0 });
    events.emit(
      {
        type: 'ProgressionEvent',
        event_id: eventId,
        progression_event_inner: {
          type: 'ProgressionStart',
          progression_name: clip(title, MAX_TEXT_CHARS),
          total,
          inner: null,
        },
      },
      { causedBy: this.starter },
    );
    return eventId;
  }

  /** Adds an increment, never past the total (clients sum increments, core-api.md §2.4.4). */
  progressionUpdate(events: EventBus, eventId: string, progress: number, message: string): void {
    const p = this.progressions.get(eventId);
    if (!p) throw notFound('Progression not found');
    if (!this.budget.take()) throw tooMany();
    const room = p.total === null ? progress : Math.max(0, Math.min(progress, p.total - p.sent));
    p.sent += room;
    events.emit(
      {
        type: 'ProgressionEvent',
        event_id: eventId,
        progression_event_inner: {
          type: 'ProgressionUpdate',
          progress_message: clip(message, MAX_TEXT_CHARS),
          progress: room,
        },
      },
      { causedBy: this.starter },
    );
  }

  progressionEnd(events: EventBus, eventId: string, success: boolean, message: string | null) {
    if (!this.progressions.delete(eventId)) throw notFound('Progression not found');
    events.emit(
      {
        type: 'ProgressionEvent',
        event_id: eventId,
        progression_event_inner: {
          type: 'ProgressionEnd',
          success,
          message: message === null ? null : clip(message, MAX_TEXT_CHARS),
          inner: null,
        },
      },
      { causedBy: this.starter },
    );
  }

  /** Progressions the macro left open end as failed, so no notification spins forever. */
  endOpenProgressions(events: EventBus): void {
    for (const eventId of [...this.progressions.keys()])
      this.progressionEnd(events, eventId, false, 'The macro ended before finishing this');
  }

  /** MacroEvent Detach, once (core-api.md §2.4.3: caused by System). */
  detach(events: EventBus): void {
    if (this.detached) return;
    this.detached = true;
    events.emit(
      {
        type: 'MacroEvent',
        instance_uuid: this.instanceUuid,
        macro_pid: this.pid,
        macro_event_inner: { type: 'Detach' },
      },
      { causedBy: { type: 'System' } },
    );
  }
}
