import {
  CONSOLE_RING_SIZE,
  EVENT_RING_SIZE,
  SnowflakeGenerator,
  deriveEventLevel,
  isConsoleEvent,
  type CausedBy,
  type ClientEvent,
  type EventInner,
} from '@hearth/protocol';
import type { Logger } from '../lib/logger.ts';
import type { EventRepository } from '../repositories/event-repository.ts';
import { RingBuffer } from './ring-buffer.ts';

export type EventListener = (event: ClientEvent) => void;

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
  private pending: ClientEvent[] = [];
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
    if (
      this.repository &&
      !(
        inner.type === 'ProgressionEvent' &&
        inner.progression_event_inner.type === 'ProgressionUpdate'
      )
    ) {
      this.pending.push(event);
      if (this.pending.length > MAX_PENDING_WRITES) {
        const excess = this.pending.length - MAX_PENDING_WRITES;
        this.pending.splice(0, excess);
        this.droppedWrites += excess;
      }
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log.error({ err }, 'event listener failed');
      }
    }
    return event;
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
  }
}
