import type { WebSocket } from 'ws';
import { CONSOLE_BATCH_MAX_CHARS, type ClientEvent } from '@hearth/protocol';
import type { EventBus } from '../events/event-bus.ts';
import { FrameBatcher } from '../runtime/console/frame-batcher.ts';
import type { InstanceService } from './instance-service.ts';

/** The literal `:uuid` that streams every instance the user may access the console of. */
export const ALL_INSTANCES = 'all';

/**
 * Console output for viewers (core-api.md §1.4.11 / §1.6): the ring of the newest lines and live
 * streams with flow control. Whether a viewer may see an instance is asked per line, so permission
 * changes apply at once.
 */
export class ConsoleService {
  // One JSON text per event, however many sockets receive it (ten viewers cost one stringify).
  // The bus hands one event to every viewer before the next, so remembering the last is enough
  // (a WeakMap keyed by every event cost more in garbage collection than the stringify it saved).
  // Viewers of the reference's one-event-per-message stream share the frame's UTF-8 bytes too (ws
  // would otherwise encode the same text once per socket).
  private lastEvent: ClientEvent | null = null;
  private lastFrame = '';
  private lastBytes: Buffer | null = null;

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
    batch = false,
  ): () => void {
    const batcher = new FrameBatcher(
      socket,
      (uuid) => this.instances.outputGate(uuid),
      batch ? CONSOLE_BATCH_MAX_CHARS : null,
    );
    const wanted = instance === ALL_INSTANCES ? null : instance;
    const unsubscribe = this.events.subscribeConsole(wanted, (event) => {
      const inner = event.event_inner;
      if (inner.type !== 'InstanceEvent' || !mayView(inner.instance_uuid)) return;
      batcher.push(batch ? this.frameOf(event) : this.bytesOf(event), inner.instance_uuid);
    });
    return () => {
      unsubscribe();
      batcher.close();
    };
  }

  private frameOf(event: ClientEvent): string {
    if (event !== this.lastEvent) {
      this.lastFrame = JSON.stringify(event);
      this.lastBytes = null;
      this.lastEvent = event;
    }
    return this.lastFrame;
  }

  private bytesOf(event: ClientEvent): Buffer {
    const text = this.frameOf(event);
    return (this.lastBytes ??= Buffer.from(text, 'utf8'));
  }
}
