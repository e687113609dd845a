import {
  CONSOLE_RING_SIZE,
  EVENT_RING_SIZE,
  SnowflakeGenerator,
  deriveEventLevel,
  isConsoleEvent,
  logEntryOfActivity,
  logEntryOfEvent,
  type Activity,
  type CausedBy,
  type ClientEvent,
  type EventInner,
  type HearthEvent,
  type LogEntry,
} from '@hearth/protocol';
import { describeError, isDatabaseUnavailable } from '../errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { EventRepository, EventRow } from '../repositories/event-repository.ts';
import { rowOfActivity, rowOfEvent } from './event-rows.ts';
import { RingBuffer } from './ring-buffer.ts';

export type EventListener = (event: ClientEvent) => void;
/** Receives every event log entry: the log-worthy events and the Hearth activities. */
export type LogListener = (entry: LogEntry) => void;
/** Receives Hearth's signals for its own clients (hearth-events.ts in protocol). */
export type HearthListener = (event: HearthEvent) => void;

export interface EmitOptions {
  causedBy?: CausedBy;
  details?: string;
  /**
   * False: the event is kept for Lodestone's history, rings and sockets but is no Event Logs entry
   * of its own, because a Hearth activity tells it better (a schedule run's progression: the run is
   * one `ScheduleRunActivity`).
   */
  logged?: boolean;
}

/**
 * Events waiting for SQLite beyond this many are dropped oldest-first (bounded memory under a flood
 * or while the database takes nothing), counted in `droppedWrites`, logged and shown as a warning.
 */
const MAX_PENDING_WRITES = 50_000;
const FLUSH_INTERVAL_MS = 200;
/** While the database refuses the batch, the next try waits twice as long as the last, up to this. */
const FLUSH_RETRY_MAX_MS = 5000;

/**
 * Every state change becomes one ClientEvent here, fanned out synchronously to listeners (the
 * WebSocket routes filter per subscriber). General events go to the general ring (512) and, when a
 * person could search for them, to SQLite in batches. Console output is the hot path: it goes to the
 * instance's console ring (1024) and to console listeners only — never to SQLite (a chatty server
 * would fill the disk) and never through the listeners that only care about general events.
 */
export class EventBus {
  private readonly snowflakes = new SnowflakeGenerator();
  private readonly general = new RingBuffer<ClientEvent>(EVENT_RING_SIZE);
  private readonly consoles = new Map<string, RingBuffer<ClientEvent>>();
  private readonly listeners = new Set<EventListener>();
  private readonly generalListeners = new Set<EventListener>();
  /** Console listeners by instance uuid; `null` listens to every instance. */
  private readonly consoleListeners = new Map<string | null, Set<EventListener>>();
  private readonly logListeners = new Set<LogListener>();
  private readonly hearthListeners = new Set<HearthListener>();
  /** Which instance a file event is about, from its host path (set once the instances exist). */
  private locate: (path: string) => string | null = () => null;
  private pending: EventRow[] = [];
  private readonly timer: NodeJS.Timeout | null;
  /** Why the database refused the last batch (null while it takes them). */
  private failing: string | null = null;
  private retryAt = 0;
  private retryDelayMs = FLUSH_INTERVAL_MS;
  private droppedThisEpisode = 0;
  /** Events that never reached SQLite: dropped past the bound or refused for good. */
  droppedWrites = 0;

  constructor(
    private readonly repository: EventRepository | null,
    private readonly log: Logger,
    /** Events kept waiting for SQLite at most (tests make it small). */
    private readonly maxPendingWrites = MAX_PENDING_WRITES,
  ) {
    this.timer = repository ? setInterval(() => this.flush(), FLUSH_INTERVAL_MS) : null;
    this.timer?.unref();
  }

  emit(inner: EventInner, options: EmitOptions = {}): ClientEvent {
    const event: ClientEvent = {
      event_inner: inner,
      details: options.details ?? '',
      snowflake: this.snowflakes.next(),
      level: deriveEventLevel(inner),
      caused_by: options.causedBy ?? { type: 'System' },
    };
    if (inner.type === 'InstanceEvent' && isConsoleEvent(event)) {
      this.emitConsole(inner.instance_uuid, event);
      return event;
    }
    this.general.push(event);
    const entry =
      options.logged === false
        ? null
        : logEntryOfEvent(event, inner.type === 'FSEvent' ? this.locate(inner.target.path) : null);
    if (
      this.repository &&
      !(
        inner.type === 'ProgressionEvent' &&
        inner.progression_event_inner.type === 'ProgressionUpdate'
      )
    ) {
      this.store(rowOfEvent(event, entry));
    }
    this.deliver(this.listeners, event);
    this.deliver(this.generalListeners, event);
    if (entry) this.publishEntry(entry);
    return event;
  }

  private emitConsole(instance: string, event: ClientEvent): void {
    let ring = this.consoles.get(instance);
    if (!ring) {
      ring = new RingBuffer<ClientEvent>(CONSOLE_RING_SIZE);
      this.consoles.set(instance, ring);
    }
    ring.push(event);
    this.deliver(this.listeners, event);
    const forInstance = this.consoleListeners.get(instance);
    if (forInstance) this.deliver(forInstance, event);
    const forAll = this.consoleListeners.get(null);
    if (forAll) this.deliver(forAll, event);
  }

  /** Gives `value` to each listener; one that throws is logged and the others still get it. */
  private deliver<T>(listeners: Set<(value: T) => void>, value: T, kind = 'event'): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (err) {
        this.log.error({ err }, `${kind} listener failed`);
      }
    }
  }

  /**
   * A Hearth activity (what no Lodestone event says, e.g. a setting changed): stored and given to
   * the log listeners, never to the event listeners, rings or Lodestone sockets.
   */
  record(activity: Activity, causedBy: CausedBy): LogEntry {
    const entry = logEntryOfActivity(activity, this.snowflakes.next(), causedBy);
    if (this.repository) this.store(rowOfActivity(entry));
    this.publishEntry(entry);
    return entry;
  }

  /**
   * A Hearth signal (e.g. an instance's macros changed): given to its listeners (the event streams
   * that asked for Hearth frames) and nothing else — not stored, not in a ring, not in the log.
   */
  signal(event: HearthEvent): void {
    this.deliver(this.hearthListeners, event, 'hearth event');
  }

  subscribeHearth(listener: HearthListener): () => void {
    this.hearthListeners.add(listener);
    return () => this.hearthListeners.delete(listener);
  }

  subscribeLog(listener: LogListener): () => void {
    this.logListeners.add(listener);
    return () => this.logListeners.delete(listener);
  }

  /** How to tell the instance of a file event from its absolute path. */
  locateInstancesWith(locate: (path: string) => string | null): void {
    this.locate = locate;
  }

  private store(row: EventRow): void {
    this.pending.push(row);
    if (this.pending.length <= this.maxPendingWrites) return;
    const excess = this.pending.length - this.maxPendingWrites;
    this.pending.splice(0, excess);
    this.droppedWrites += excess;
    if (this.droppedThisEpisode === 0)
      this.log.error(
        `More than ${this.maxPendingWrites} events wait for the database (${this.failing ?? 'it is slower than they come'}): the oldest are dropped from Event Logs`,
      );
    this.droppedThisEpisode += excess;
  }

  private publishEntry(entry: LogEntry): void {
    this.deliver(this.logListeners, entry, 'event log');
  }

  /** Every event, console output included (prefer the narrower subscriptions below). */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every event but console output. */
  subscribeGeneral(listener: EventListener): () => void {
    this.generalListeners.add(listener);
    return () => this.generalListeners.delete(listener);
  }

  /** Console output (InstanceOutput, SystemMessage, PlayerMessage) of one instance, or of all (null). */
  subscribeConsole(instance: string | null, listener: EventListener): () => void {
    let set = this.consoleListeners.get(instance);
    if (!set) {
      set = new Set();
      this.consoleListeners.set(instance, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.consoleListeners.get(instance) === set)
        this.consoleListeners.delete(instance);
    };
  }

  /** General (non-console) events, oldest first. */
  buffer(): ClientEvent[] {
    return this.general.toArray();
  }

  consoleBuffer(instanceUuid: string): ClientEvent[] {
    return this.consoles.get(instanceUuid)?.toArray() ?? [];
  }

  forgetInstance(instanceUuid: string): void {
    this.consoles.delete(instanceUuid);
  }

  /** Standing problems with storing events, one sentence each (the owner's core warnings). */
  warnings(): string[] {
    const out: string[] = [];
    if (this.failing !== null && this.pending.length > 0)
      out.push(
        `${this.pending.length} events wait in memory for the database (${this.failing}); Event Logs show them once it takes them.`,
      );
    if (this.droppedWrites > 0)
      out.push(
        `${this.droppedWrites} events could not be stored and are missing from Event Logs (the database did not take them).`,
      );
    return out;
  }

  /**
   * Writes the waiting events in one transaction. When the database cannot take them (locked by
   * another process, disk full, read-only) they stay waiting, in order, and the next tries back off;
   * nothing is dropped but past MAX_PENDING_WRITES.
   *
   * `reader`: someone is about to read the stored events (Event Logs, the event search), so the
   * write is tried even while the timer's tries back off: space freed or a lock released since the
   * last try shows in what they read at once, not up to FLUSH_RETRY_MAX_MS later.
   */
  flush(options: { reader?: boolean } = {}): void {
    if (!options.reader && Date.now() < this.retryAt) return;
    this.write();
  }

  private write(): boolean {
    if (!this.repository || this.pending.length === 0) return true;
    const batch = this.pending;
    this.pending = [];
    try {
      this.repository.insertMany(batch);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) {
        this.droppedWrites += batch.length;
        this.log.error(`${batch.length} events could not be stored: ${describeError(err)}`);
        return true;
      }
      this.pending = batch.concat(this.pending);
      if (this.failing === null)
        this.log.warn(
          `Events wait in memory: the database does not take them (${describeError(err)})`,
        );
      this.failing = describeError(err);
      this.retryAt = Date.now() + this.retryDelayMs;
      this.retryDelayMs = Math.min(this.retryDelayMs * 2, FLUSH_RETRY_MAX_MS);
      return false;
    }
    if (this.failing !== null || this.droppedThisEpisode > 0) {
      this.log.info(
        `The database takes events again: ${batch.length} waiting events were stored` +
          (this.droppedThisEpisode > 0 ? ` (${this.droppedThisEpisode} were dropped)` : ''),
      );
      this.failing = null;
      this.droppedThisEpisode = 0;
    }
    this.retryAt = 0;
    this.retryDelayMs = FLUSH_INTERVAL_MS;
    return true;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    if (!this.write()) {
      this.droppedWrites += this.pending.length;
      this.log.error(
        `${this.pending.length} events were lost at shutdown: the database did not take them (${this.failing})`,
      );
      this.pending = [];
    }
    this.listeners.clear();
    this.generalListeners.clear();
    this.consoleListeners.clear();
    this.logListeners.clear();
    this.hearthListeners.clear();
  }
}
