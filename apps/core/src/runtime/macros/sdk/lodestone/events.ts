// Same public names as lodestone-macro-lib's events.ts, over Hearth's API with the task's token.
import type { ClientEvent, EventInner, InstanceState } from '@hearth/protocol';
import { HearthError, callRoute, openCoreSocket } from '../client.ts';
import { sdkPath } from '../sdk-routes.ts';
import type { SdkWebSocket } from '../deno-api.ts';
import { MacroEventStream, type MacroSdkEvent, type MacroSdkEventType } from '../event-stream.ts';
import { consoleOut, detach } from '../notify.ts';
import { task } from '../task-context.ts';

export type { ClientEvent, InstanceState };
export type InstanceEvent = Extract<EventInner, { type: 'InstanceEvent' }>;
export type ProgressionEventID = string;
export interface PlayerMessage {
  player: string;
  message: string;
}

const report = (what: string) => (err: unknown) =>
  console.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);

/**
 * A progression notification whose calls are synchronous, as in the reference: the start request
 * is sent at once and later updates queue behind it, in order.
 */
export class ProgressionHandler {
  private chain: Promise<ProgressionEventID | null>;
  private _elapsedProgress = 0;
  public readonly TOTAL_PROGRESS: number | null;

  private constructor(id: Promise<ProgressionEventID | null>, total: number | null) {
    this.chain = id;
    this.TOTAL_PROGRESS = total;
  }
  public static __private__create(id: ProgressionEventID, total: number): ProgressionHandler {
    return new ProgressionHandler(Promise.resolve(id), total);
  }
  public static create(title: string, total_progress: number | null): ProgressionHandler {
    const id = callRoute<{ event_id: string }>(
      'macroSdkProgressionStart',
      {},
      {
        title,
        total: total_progress,
      },
    ).then(
      (r) => r.event_id,
      (err: unknown) => {
        report('Starting a progression')(err);
        return null;
      },
    );
    return new ProgressionHandler(id, total_progress ?? 100);
  }
  private send(
    route: 'macroSdkProgressionUpdate' | 'macroSdkProgressionEnd',
    body: (id: string) => unknown,
    what: string,
  ): void {
    this.chain = this.chain.then(async (id) => {
      if (id !== null) await callRoute(route, {}, body(id)).catch(report(what));
      return id;
    });
  }
  public addProgress(
    progress: number,
    message: string | ((elapsed: number, remaining: number | null) => string),
  ): void {
    this._elapsedProgress += progress;
    const text =
      typeof message === 'string'
        ? message
        : message(this._elapsedProgress, this.remainingProgress());
    this.send(
      'macroSdkProgressionUpdate',
      (event_id) => ({ event_id, progress, message: text }),
      'A progression update',
    );
  }
  public setProgress(
    progress: number,
    message: string | ((elapsed: number, remaining: number | null) => string),
  ): void {
    this.addProgress(progress - this._elapsedProgress, message);
  }
  public remainingProgress(): number | null {
    return this.TOTAL_PROGRESS && this.TOTAL_PROGRESS - this._elapsedProgress;
  }
  public elapsedProgress(): number {
    return this._elapsedProgress;
  }
  public complete(success: boolean, message: string): void {
    this.send(
      'macroSdkProgressionEnd',
      (event_id) => ({ event_id, success, message }),
      'Ending a progression',
    );
  }
}

/** Every event the task's user may see, for the static `EventStream.next()`. */
class AllEvents {
  private static socket: Promise<SdkWebSocket> | null = null;
  private static readonly queue: ClientEvent[] = [];
  private static readonly waiters: ((e: ClientEvent) => void)[] = [];

  static async next(): Promise<ClientEvent> {
    AllEvents.socket ??= AllEvents.open();
    await AllEvents.socket;
    const head = AllEvents.queue.shift();
    if (head) return head;
    return new Promise((resolve) => AllEvents.waiters.push(resolve));
  }

  private static async open(): Promise<SdkWebSocket> {
    const filter = { bearer_token: task().token };
    const ws = await openCoreSocket(
      sdkPath('eventsStream', { any: 'all' }, { filter: JSON.stringify(filter) }),
    );
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      const event = JSON.parse(message.data) as ClientEvent;
      const waiter = AllEvents.waiters.shift();
      if (waiter) waiter(event);
      else if (AllEvents.queue.push(event) > 1024) AllEvents.queue.shift();
    };
    ws.onclose = () => {
      AllEvents.socket = null;
    };
    return ws;
  }
}

export class EventStream {
  instanceUuid: string;
  instanceName: string;
  private readonly streams = new Map<MacroSdkEventType | 'any', Promise<MacroEventStream>>();

  public constructor(instanceUuid: string, instanceName: string) {
    this.instanceUuid = instanceUuid;
    this.instanceName = instanceName;
  }
  public static next(): Promise<ClientEvent> {
    return AllEvents.next();
  }
  public static async emitDetach(): Promise<void> {
    await detach();
  }
  /** Macros may not invent state changes in Hearth (only the supervisor reports them). */
  public emitStateChange(_state: InstanceState): Promise<void> {
    return Promise.reject(
      new HearthError('UnsupportedOperation', ['Macros cannot emit instance state changes'], 501),
    );
  }
  public async emitConsoleOut(message: string): Promise<void> {
    await consoleOut(message).catch(report('Console output'));
  }
  private async nextOf(kind: MacroSdkEventType | 'any'): Promise<MacroSdkEvent> {
    let stream = this.streams.get(kind);
    if (!stream) {
      const types: MacroSdkEventType[] | undefined = kind === 'any' ? undefined : [kind];
      stream = MacroEventStream.open({ instanceUuid: this.instanceUuid, types });
      this.streams.set(kind, stream);
    }
    const event = await (await stream).next();
    if (!event) throw new HearthError('Network', ['The event stream closed'], 0);
    return event;
  }
  public async nextInstanceEvent(): Promise<InstanceEvent> {
    return (await this.nextOf('any')).event.event_inner as InstanceEvent;
  }
  public async nextStateChange(): Promise<InstanceState> {
    const e = await this.nextOf('StateChanged');
    return e.type === 'StateChanged' ? e.state : this.nextStateChange();
  }
  public async nextConsoleOut(): Promise<string> {
    const e = await this.nextOf('ConsoleOutput');
    return e.type === 'ConsoleOutput' ? e.line : this.nextConsoleOut();
  }
  public async nextSystemMessage(): Promise<string> {
    const e = await this.nextOf('SystemMessage');
    return e.type === 'SystemMessage' ? e.message : this.nextSystemMessage();
  }
  public async nextPlayerMessage(): Promise<PlayerMessage> {
    const e = await this.nextOf('PlayerMessage');
    return e.type === 'PlayerMessage'
      ? { player: e.player, message: e.message }
      : this.nextPlayerMessage();
  }
}
