import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { isConsoleEvent, type ClientEvent } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { registerUserSocket } from '../http/socket-session.ts';
import type { OutputGate } from '../runtime/console/output-gate.ts';

type ConsoleRequest = { Params: { uuid: string }; Querystring: { token?: string } };

/** Backlog (queued + unsent bytes) above which a viewer asks the server to wait (OutputGate). */
export const CONSOLE_HIGH_WATER_BYTES = 512 * 1024;
/** Backlog above which frames are skipped for a viewer that may no longer pause the server. */
export const CONSOLE_LAG_LIMIT_BYTES = 4 * 1024 * 1024;
/** Backlog above which frames are skipped for anyone (bounds memory even within one burst). */
export const CONSOLE_HARD_LIMIT_BYTES = 16 * 1024 * 1024;

type RawSocket = { cork(): void; uncork(): void; once(event: 'drain', fn: () => void): void };

/**
 * One console viewer's outgoing frames. Frames queued during one burst of output go out in a single
 * corked write (one syscall instead of one per line per viewer, which dominated the CPU profile of the
 * console benchmark). When the viewer's backlog passes the high-water mark it holds the gate of each
 * instance it is behind on until its socket drains, so a slow but reading viewer loses nothing; one
 * that holds too long is switched to skipping frames beyond the lag limit (bounded memory either way).
 */
export class FrameBatcher {
  private queue: string[] = [];
  private queuedBytes = 0;
  private scheduled = false;
  private readonly touched = new Set<string>();
  private readonly held = new Set<OutputGate>();
  private waitingForDrain = false;
  /** Held a gate too long once: from now on frames beyond the lag limit are skipped. */
  private lossy = false;
  skipped = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly gateOf: (instance: string) => OutputGate | undefined,
  ) {}

  push(frame: string, instance: string): void {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return;
    const backlog = socket.bufferedAmount + this.queuedBytes;
    if (backlog > CONSOLE_HARD_LIMIT_BYTES || (this.lossy && backlog > CONSOLE_LAG_LIMIT_BYTES)) {
      this.skipped++;
      return;
    }
    this.queue.push(frame);
    this.queuedBytes += frame.length;
    this.touched.add(instance);
    // Hold at once: more chunks of output may be read before this batch is flushed.
    if (backlog > CONSOLE_HIGH_WATER_BYTES) this.holdFor(instance);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** The socket closed: never hold anything again. */
  close(): void {
    this.queue = [];
    this.releaseAll();
  }

  private flush(): void {
    this.scheduled = false;
    const frames = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    const socket = this.socket;
    const touched = [...this.touched];
    this.touched.clear();
    if (socket.readyState !== socket.OPEN) return;
    // ws writes through this net.Socket; corking it makes the whole batch one writev.
    const raw = (socket as unknown as { _socket?: RawSocket })._socket;
    raw?.cork();
    try {
      for (const frame of frames) socket.send(frame);
    } finally {
      raw?.uncork();
    }
    if (socket.bufferedAmount > CONSOLE_HIGH_WATER_BYTES)
      for (const instance of touched) this.holdFor(instance);
    if (this.held.size > 0 && !this.waitingForDrain && raw) {
      this.waitingForDrain = true;
      raw.once('drain', () => {
        this.waitingForDrain = false;
        this.releaseAll();
      });
    }
  }

  private holdFor(instance: string): void {
    if (this.lossy) return;
    const gate = this.gateOf(instance);
    if (!gate || this.held.has(gate)) return;
    const held = gate.hold(this, () => {
      this.held.delete(gate);
      this.lossy = true;
    });
    if (held) this.held.add(gate);
    else this.lossy = true;
  }

  private releaseAll(): void {
    for (const gate of this.held) gate.release(this);
    this.held.clear();
  }
}

/** The literal `:uuid` that streams every instance the user may access the console of. */
export const ALL_INSTANCES = 'all';

/**
 * core-api.md §1.4.11 / §1.6: console buffer (the 1024-line ring) and live stream. Both need
 * AccessConsole (the reference only asks for a token); `all` streams every instance whose console
 * the user may access, checked per line so permission changes apply at once.
 */
export function consoleRoutes(ctx: CoreContext) {
  // One JSON text per event, however many sockets receive it (ten viewers cost one stringify).
  const frames = new WeakMap<ClientEvent, string>();
  const frameOf = (event: ClientEvent) => {
    let text = frames.get(event);
    if (text === undefined) {
      text = JSON.stringify(event);
      frames.set(event, text);
    }
    return text;
  };
  return async (api: FastifyInstance) => {
    api.get<ConsoleRequest>('/instance/:uuid/console/buffer', async (req) => {
      const user = await ctx.authenticate(req);
      if (req.params.uuid === ALL_INSTANCES) return [];
      ctx.instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'AccessConsole', instance: req.params.uuid });
      return ctx.events.consoleBuffer(req.params.uuid);
    });

    registerUserSocket<ConsoleRequest>(api, ctx, '/instance/:uuid/console/stream', {
      echo: true,
      authorize: async (req) => {
        const uuid = req.params.uuid;
        if (uuid !== ALL_INSTANCES) ctx.instances.get(uuid);
        const user = await ctx.tokens.verify(tokenFromQueryValue(req.query.token));
        if (uuid !== ALL_INSTANCES)
          ctx.guard.require(user, { type: 'AccessConsole', instance: uuid });
        return user;
      },
      serve: (socket, req, session) => {
        const wanted = req.params.uuid;
        const batcher = new FrameBatcher(
          socket,
          (instance) => ctx.instances.registry.find(instance)?.runtime.gate,
        );
        const unsubscribe = ctx.events.subscribe((event) => {
          const inner = event.event_inner;
          if (inner.type !== 'InstanceEvent') return;
          if (wanted !== ALL_INSTANCES && inner.instance_uuid !== wanted) return;
          if (!isConsoleEvent(event)) return;
          const access = { type: 'AccessConsole', instance: inner.instance_uuid } as const;
          if (!ctx.guard.can(session.current(), access)) return;
          batcher.push(frameOf(event), inner.instance_uuid);
        });
        return () => {
          unsubscribe();
          batcher.close();
        };
      },
    });
  };
}
