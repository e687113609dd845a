import type { WebSocket } from 'ws';
import type { ClientEvent } from '@hearth/protocol';
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
  private readonly frames = new WeakMap<ClientEvent, string>();

  constructor(
    private readonly events: EventBus,
    private readonly instances: InstanceService,
  ) {}

  buffer(uuid: string): ClientEvent[] {
    return this.events.consoleBuffer(uuid);
  }

  /** Streams console events of `instance` (or of every instance for `all`) to a socket. */
  stream(socket: WebSocket, instance: string, mayView: (uuid: string) => boolean): () => void {
    const batcher = new FrameBatcher(socket, (uuid) => this.instances.outputGate(uuid));
    const wanted = instance === ALL_INSTANCES ? null : instance;
    const unsubscribe = this.events.subscribeConsole(wanted, (event) => {
      const inner = event.event_inner;
      if (inner.type !== 'InstanceEvent' || !mayView(inner.instance_uuid)) return;
      batcher.push(this.frameOf(event), inner.instance_uuid);
    });
    return () => {
      unsubscribe();
      batcher.close();
    };
  }

  private frameOf(event: ClientEvent): string {
    let text = this.frames.get(event);
    if (text === undefined) {
      text = JSON.stringify(event);
      this.frames.set(event, text);
    }
    return text;
  }
}
