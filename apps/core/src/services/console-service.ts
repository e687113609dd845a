import type { WebSocket } from 'ws';
import {
  CONSOLE_BATCH_MAX_CHARS,
  type ClientEvent,
  type ConsoleStreamFormat,
} from '@hearth/protocol';
import type { EventBus } from '../events/event-bus.ts';
import { FrameBatcher } from '../runtime/console/frame-batcher.ts';
import {
  batchFormat,
  eventsFormat,
  linesFormat,
  type LinesPiece,
} from '../runtime/console/frame-formats.ts';
import type { InstanceService } from './instance-service.ts';

/** The literal `:uuid` that streams every instance the user may access the console of. */
export const ALL_INSTANCES = 'all';

/**
 * Console output for viewers (core-api.md §1.4.11 / §1.6): the ring of the newest lines and live
 * streams with flow control. Whether a viewer may see an instance is asked per line, so permission
 * changes apply at once.
 */
export class ConsoleService {
  // What a viewer queues for an event is built once, however many sockets receive it (ten viewers
  // cost one stringify). The bus hands one event to every viewer before the next, so remembering the
  // last is enough (a WeakMap keyed by every event cost more in garbage collection than it saved).
  // Viewers of the reference's one-event-per-message stream share the frame's UTF-8 bytes too (ws
  // would otherwise encode the same text once per socket).
  private lastEvent: ClientEvent | null = null;
  private lastFrame: string | null = null;
  private lastBytes: Buffer | null = null;
  private lastLine: LinesPiece | null = null;

  constructor(
    private readonly events: EventBus,
    private readonly instances: InstanceService,
  ) {}

  buffer(uuid: string): ClientEvent[] {
    return this.events.consoleBuffer(uuid);
  }

  /** Streams console events of `instance` (or of every instance for `all`) to a socket. */
  stream(
    socket: WebSocket,
    instance: string,
    mayView: (uuid: string) => boolean,
    format: ConsoleStreamFormat = 'events',
  ): () => void {
    const wanted = instance === ALL_INSTANCES ? null : instance;
    const gateOf = (uuid: string) => this.instances.outputGate(uuid);
    const follow = <P>(batcher: FrameBatcher<P>, pieceOf: (event: ClientEvent) => P) => {
      const unsubscribe = this.events.subscribeConsole(wanted, (event) => {
        const inner = event.event_inner;
        if (inner.type !== 'InstanceEvent' || !mayView(inner.instance_uuid)) return;
        batcher.push(pieceOf(event), inner.instance_uuid);
      });
      return () => {
        unsubscribe();
        batcher.close();
      };
    };
    switch (format) {
      case 'events':
        return follow(new FrameBatcher(socket, gateOf, eventsFormat), (e) => this.bytesOf(e));
      case 'batch':
        return follow(new FrameBatcher(socket, gateOf, batchFormat(CONSOLE_BATCH_MAX_CHARS)), (e) =>
          this.frameOf(e),
        );
      case 'lines':
        return follow(new FrameBatcher(socket, gateOf, linesFormat(CONSOLE_BATCH_MAX_CHARS)), (e) =>
          this.lineOf(e),
        );
    }
  }

  /** Forgets what was built for the previous event when a new one comes. */
  private select(event: ClientEvent): void {
    if (event === this.lastEvent) return;
    this.lastEvent = event;
    this.lastFrame = null;
    this.lastBytes = null;
    this.lastLine = null;
  }

  private frameOf(event: ClientEvent): string {
    this.select(event);
    return (this.lastFrame ??= JSON.stringify(event));
  }

  private bytesOf(event: ClientEvent): Buffer {
    this.select(event);
    return (this.lastBytes ??= Buffer.from(this.frameOf(event), 'utf8'));
  }

  /** A plain output line as a run member (console-frames.ts); any other event as its JSON text. */
  private lineOf(event: ClientEvent): LinesPiece {
    this.select(event);
    if (this.lastLine) return this.lastLine;
    const inner = event.event_inner;
    const output =
      inner.type === 'InstanceEvent' && inner.instance_event_inner.type === 'InstanceOutput'
        ? inner.instance_event_inner
        : null;
    const plain =
      event.level === 'Info' && event.details === '' && event.caused_by.type === 'System';
    return (this.lastLine =
      output && plain && inner.type === 'InstanceEvent'
        ? {
            instance: inner.instance_uuid,
            name: inner.instance_name,
            // A snowflake is digits (and maybe a sign): nothing to escape.
            snowflake: `"${event.snowflake}"`,
            message: JSON.stringify(output.message),
          }
        : this.frameOf(event));
  }
}
