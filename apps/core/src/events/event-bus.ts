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
  type LogEntry,
} from '@hearth/protocol';
import type { Logger } from '../lib/logger.ts';
import type { EventRepository, EventRow } from '../repositories/event-repository.ts';
import { rowOfActivity, rowOfEvent } from './event-rows.ts';
import { RingBuffer } from './ring-buffer.ts';

export type EventListener = (event: ClientEvent) => void;
/** Receives every event log entry: the log-worthy events and the Hearth activities. */
export type LogListener = (entry: LogEntry) => void;

export interface EmitOptions {
  causedBy?: CausedBy;
  details?: string;
}

/** Events waiting for SQLite beyond this many are dropped oldest-first (bounded memory under floods). */
const MAX_PENDING_WRITES = 50_000;
const FLUSH_INTERVAL_MS = 200;

/**
 * Every state change becomes one ClientEvent here: kept in the general ring (512) or the instance's
 * console ring (1024), written to SQLite in batches, and fanned out synchronously to listeners
 * (the WebSocket routes filter per subscriber).
 */
export class EventBus {
  private readonly snowflakes = new SnowflakeGenerator();
  private readonly general = new RingBuffer<ClientEvent>(EVENT_RING_SIZE);
  private readonly consoles = new Map<string, RingBuffer<ClientEvent>>();
  private readonly listeners = new Set<EventListener>();
  private readonly logListeners = new Set<LogListener>();
  /** Which instance a file event is about, from its host path (set once the instances exist). */
  private locate: (path: string) => string | null = () => null;
  private pending: EventRow[] = [];
  private readonly timer: NodeJS.Timeout | null;
  droppedWrites = 0;

  constructor(
    private readonly repository: EventRepository | null,
    private readonly log: Logger,
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
      let ring = this.consoles.get(inner.instance_uuid);
      if (!ring) {
        ring = new RingBuffer<ClientEvent>(CONSOLE_RING_SIZE);
        this.consoles.set(inner.instance_uuid, ring);
      }
      ring.push(event);
    } else {
      this.general.push(event);
    }
    const entry = logEntryOfEvent(
      event,
      inner.type === 'FSEvent' ? this.locate(inner.target.path) : null,
    );
    if (
      this.repository &&
      !(
        inner.type === 'ProgressionEvent' &&
        inner.progression_event_inner.type === 'ProgressionUpdate'
      )
    ) {
      this.store(rowOfEvent(event, entry));
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log.error({ err }, 'event listener failed');
      }
    }
    if (entry) this.publishEntry(entry);
    return event;
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
    if (this.pending.length > MAX_PENDING_WRITES) {
      const excess = this.pending.length - MAX_PENDING_WRITES;
      this.pending.splice(0, excess);
      this.droppedWrites += excess;
    }
  }

  private publishEntry(entry: LogEntry): void {
    for (const listener of this.logListeners) {
      try {
        listener(entry);
      } catch (err) {
        this.log.error({ err }, 'event log listener failed');
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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

  flush(): void {
    if (!this.repository || this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      this.repository.insertMany(batch);
    } catch (err) {
      this.log.error({ err }, 'failed to persist events');
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.flush();
    this.listeners.clear();
    this.logListeners.clear();
  }
}
