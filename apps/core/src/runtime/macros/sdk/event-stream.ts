import type { ClientEvent, InstanceState, Player } from '@hearth/protocol';
import { HearthError, callRoute, openCoreSocket } from './client.ts';
import { sdkPath } from './sdk-routes.ts';
import type { SdkWebSocket } from './deno-api.ts';
import { task } from './task-context.ts';

/** What a macro can wait for on its instance. `event` is the core's full ClientEvent. */
export type MacroSdkEvent =
  | { type: 'ConsoleOutput'; line: string; event: ClientEvent }
  | { type: 'PlayerMessage'; player: string; message: string; event: ClientEvent }
  | { type: 'SystemMessage'; message: string; event: ClientEvent }
  | { type: 'PlayerJoined'; player: Player; event: ClientEvent }
  | { type: 'PlayerLeft'; player: Player; event: ClientEvent }
  | { type: 'StateChanged'; state: InstanceState; event: ClientEvent };

export type MacroSdkEventType = MacroSdkEvent['type'];

const CONSOLE_TYPES: readonly MacroSdkEventType[] = [
  'ConsoleOutput',
  'PlayerMessage',
  'SystemMessage',
];
const ALL_TYPES: readonly MacroSdkEventType[] = [
  ...CONSOLE_TYPES,
  'PlayerJoined',
  'PlayerLeft',
  'StateChanged',
];
/** Events kept for a macro that is not reading; older ones are dropped first. */
const MAX_QUEUED = 1024;
const RECONNECT_MS = 1000;

export interface SubscribeOptions {
  /** Which events to receive (default: all). Console events need console access on the instance. */
  types?: readonly MacroSdkEventType[];
  /** Another instance than the task's own. */
  instanceUuid?: string;
}

/** Splits one ClientEvent of the instance into the SDK's events. */
export function sdkEventsOf(event: ClientEvent, instanceUuid: string): MacroSdkEvent[] {
  const inner = event.event_inner;
  if (inner.type !== 'InstanceEvent' || inner.instance_uuid !== instanceUuid) return [];
  const e = inner.instance_event_inner;
  switch (e.type) {
    case 'InstanceOutput':
      return [{ type: 'ConsoleOutput', line: e.message.replace(/\r?\n$/, ''), event }];
    case 'PlayerMessage':
      return [{ type: 'PlayerMessage', player: e.player, message: e.player_message, event }];
    case 'SystemMessage':
      return [{ type: 'SystemMessage', message: e.message.replace(/\r?\n$/, ''), event }];
    case 'StateTransition':
      return [{ type: 'StateChanged', state: e.to, event }];
    case 'PlayerChange':
      return [
        ...e.players_joined.map((player) => ({ type: 'PlayerJoined' as const, player, event })),
        ...e.players_left.map((player) => ({ type: 'PlayerLeft' as const, player, event })),
      ];
    default:
      return [];
  }
}

/**
 * Live events of one instance, read with `for await`. Instance events come over the core's event
 * WebSocket, console lines over the console WebSocket, both with the task's token; a socket that
 * drops is reopened after a second (events in that second are missed).
 */
export class MacroEventStream implements AsyncIterable<MacroSdkEvent> {
  private readonly queue: MacroSdkEvent[] = [];
  private waiting: ((result: IteratorResult<MacroSdkEvent>) => void) | null = null;
  private readonly sockets = new Set<SdkWebSocket>();
  private closed = false;
  dropped = 0;

  private constructor(
    readonly instanceUuid: string,
    private readonly types: ReadonlySet<MacroSdkEventType>,
  ) {}

  static async open(options: SubscribeOptions = {}): Promise<MacroEventStream> {
    const uuid = options.instanceUuid ?? task().instanceUuid;
    const stream = new MacroEventStream(uuid, new Set(options.types ?? ALL_TYPES));
    const wantsConsole = CONSOLE_TYPES.some((t) => stream.types.has(t));
    const wantsEvents = ALL_TYPES.some((t) => !CONSOLE_TYPES.includes(t) && stream.types.has(t));
    try {
      if (wantsEvents) await stream.connect('events');
      if (wantsConsole) await stream.connect('console');
    } catch (err) {
      stream.close();
      throw err;
    }
    return stream;
  }

  /** Resolves with the next event, or null once the stream is closed. */
  async next(): Promise<MacroSdkEvent | null> {
    const result = await this[Symbol.asyncIterator]().next();
    return result.done ? null : result.value;
  }

  close(): void {
    this.closed = true;
    for (const ws of this.sockets) ws.close(1000);
    this.sockets.clear();
    this.waiting?.({ done: true, value: undefined });
    this.waiting = null;
  }

  [Symbol.asyncIterator](): AsyncIterator<MacroSdkEvent> {
    return {
      next: () => {
        const head = this.queue.shift();
        if (head) return Promise.resolve({ done: false, value: head });
        if (this.closed) return Promise.resolve({ done: true, value: undefined });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
      return: () => {
        this.close();
        return Promise.resolve({ done: true, value: undefined });
      },
    };
  }

  private push(event: MacroSdkEvent): void {
    if (!this.types.has(event.type)) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ done: false, value: event });
      return;
    }
    this.queue.push(event);
    if (this.queue.length > MAX_QUEUED) {
      this.queue.shift();
      this.dropped++;
    }
  }

  private path(kind: 'events' | 'console'): string {
    const { token } = task();
    if (kind === 'console')
      return sdkPath('consoleStream', { uuid: this.instanceUuid }, { token: `Bearer ${token}` });
    const filter = {
      event_levels: null,
      event_types: ['InstanceEvent'],
      instance_event_types: null,
      user_event_types: null,
      event_user_ids: null,
      event_instance_ids: [this.instanceUuid],
      bearer_token: token,
      time_range: null,
    };
    return sdkPath('eventsStream', { any: 'all' }, { filter: JSON.stringify(filter) });
  }

  private async connect(kind: 'events' | 'console'): Promise<void> {
    let ws: SdkWebSocket;
    try {
      ws = await openCoreSocket(this.path(kind));
    } catch (err) {
      // A browser-style WebSocket hides the refusal; the matching REST call tells it.
      await callRoute(kind === 'console' ? 'consoleBuffer' : 'instanceState', {
        uuid: this.instanceUuid,
      });
      throw err instanceof HearthError ? err : new HearthError('Network', [String(err)], 0);
    }
    if (this.closed) {
      ws.close(1000);
      return;
    }
    this.sockets.add(ws);
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let event: ClientEvent;
      try {
        event = JSON.parse(message.data) as ClientEvent;
      } catch {
        return;
      }
      for (const e of sdkEventsOf(event, this.instanceUuid)) this.push(e);
    };
    ws.onclose = () => {
      this.sockets.delete(ws);
      if (this.closed) return;
      setTimeout(() => {
        if (!this.closed) this.connect(kind).catch(() => this.close());
      }, RECONNECT_MS);
    };
  }
}
