import { createContext, createElement, useContext, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  ClientEventSchema,
  EVENT_SOCKET_RECONNECT_MS,
  apiPaths,
  coreSocketUrl,
  emptyEventQuery,
} from '@hearth/protocol';
import type { ClientEvent } from '@hearth/protocol';
import { apiRequest } from './api-client.ts';
import { dispatchConnection } from './connection-status.ts';
import type { ConnectionAction } from './connection-status.ts';
import { useCurrentCore, useCurrentToken } from './session.ts';
import type { CoreConnection } from './session.ts';
import { isUsableToken } from './token.ts';

// Owner of every WebSocket (conventions.md, habit 2). One hub, one reconnect policy:
// a socket that closes without being asked to is reopened after 1 s (dashboard.md §4).
// The event stream is built on it; console and monitor streams open their own keyed
// sockets through the same hub.

/** The part of the browser WebSocket the hub uses, so tests can hand in a fake. */
export interface SocketLike {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

export type SocketStatus = 'connecting' | 'open' | 'error' | 'closed' | 'create-failed';

export interface SocketSpec {
  /** Computed on every (re)connect. */
  url: () => string;
  onMessage: (data: string) => void;
  onStatus?: (status: SocketStatus, detail: { code?: number }) => void;
  /** Whether to reopen after the server closed with `code`; default: always. */
  shouldReconnect?: (code: number) => boolean;
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface RealtimeHubOptions {
  createSocket?: SocketFactory;
  reconnectMs?: number;
  timers?: Timers;
}

interface Entry {
  spec: SocketSpec;
  socket: SocketLike | null;
  retry: unknown;
  closed: boolean;
}

const browserSocket: SocketFactory = (url) => new WebSocket(url);
const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class RealtimeHub {
  private readonly entries = new Map<string, Entry>();
  private readonly createSocket: SocketFactory;
  private readonly reconnectMs: number;
  private readonly timers: Timers;

  constructor(options: RealtimeHubOptions = {}) {
    this.createSocket = options.createSocket ?? browserSocket;
    this.reconnectMs = options.reconnectMs ?? EVENT_SOCKET_RECONNECT_MS;
    this.timers = options.timers ?? realTimers;
  }

  /** Opens (or replaces) the socket under `key`; the returned function closes it. */
  open(key: string, spec: SocketSpec): () => void {
    this.close(key);
    const entry: Entry = { spec, socket: null, retry: undefined, closed: false };
    this.entries.set(key, entry);
    this.connect(entry);
    return () => {
      if (this.entries.get(key) === entry) this.close(key);
    };
  }

  close(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    entry.closed = true;
    if (entry.retry !== undefined) this.timers.clearTimeout(entry.retry);
    const socket = entry.socket;
    entry.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      socket.close(1000);
    }
  }

  closeAll(): void {
    for (const key of [...this.entries.keys()]) this.close(key);
  }

  isOpen(key: string): boolean {
    return this.entries.has(key);
  }

  private scheduleReconnect(entry: Entry): void {
    if (entry.closed) return;
    entry.retry = this.timers.setTimeout(() => {
      entry.retry = undefined;
      this.connect(entry);
    }, this.reconnectMs);
  }

  private connect(entry: Entry): void {
    if (entry.closed) return;
    const { spec } = entry;
    let socket: SocketLike;
    try {
      socket = this.createSocket(spec.url());
    } catch (err) {
      console.warn('Could not create a WebSocket', err);
      spec.onStatus?.('create-failed', {});
      this.scheduleReconnect(entry);
      return;
    }
    entry.socket = socket;
    spec.onStatus?.('connecting', {});
    socket.onopen = () => spec.onStatus?.('open', {});
    socket.onmessage = (ev) => {
      if (typeof ev.data === 'string') spec.onMessage(ev.data);
    };
    socket.onerror = () => spec.onStatus?.('error', {});
    socket.onclose = (ev) => {
      entry.socket = null;
      spec.onStatus?.('closed', { code: ev.code });
      if (spec.shouldReconnect?.(ev.code) ?? true) this.scheduleReconnect(entry);
    };
  }
}

// ---------------------------------------------------------------------------------------
// Event stream

export interface EventContext {
  /** false for events replayed from /events/all/buffer, true for live ones. */
  fresh: boolean;
  queryClient: QueryClient;
}
export type EventHandler = (event: ClientEvent, context: EventContext) => void;

const eventHandlers = new Set<EventHandler>();

/** Registers a handler for every event; returns the unsubscribe function. */
export function addEventHandler(handler: EventHandler): () => void {
  eventHandlers.add(handler);
  return () => eventHandlers.delete(handler);
}

export function publishEvent(event: ClientEvent, context: EventContext): void {
  for (const handler of [...eventHandlers]) {
    try {
      handler(event, context);
    } catch (err) {
      console.error('Event handler failed', err);
    }
  }
}

/** Parses one frame with the protocol schema; null for anything else. */
export function parseEventFrame(data: string): ClientEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = ClientEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export const EVENT_SOCKET_KEY = 'events';

export function eventStreamUrl(core: CoreConnection, token: string): string {
  return `${coreSocketUrl(core)}${apiPaths.eventsStream(emptyEventQuery(token))}`;
}

const EventBufferSchema = ClientEventSchema.array();

export async function fetchEventBuffer(
  core: CoreConnection,
  token: string,
): Promise<ClientEvent[]> {
  return apiRequest(apiPaths.eventsBuffer(emptyEventQuery(token)), {
    core,
    token,
    schema: EventBufferSchema,
  });
}

const STATUS_ACTION: Partial<Record<SocketStatus, ConnectionAction>> = {
  open: { type: 'socket-open' },
  error: { type: 'socket-error' },
  'create-failed': { type: 'socket-create-failed' },
};

export interface EventStreamOptions {
  hub: RealtimeHub;
  queryClient: QueryClient;
  core: CoreConnection;
  token: string;
  report?: (action: ConnectionAction) => void;
  fetchBuffer?: (core: CoreConnection, token: string) => Promise<ClientEvent[]>;
}

/** Replays the buffer once and keeps the live stream open until the returned stop is called. */
export function startEventStream(options: EventStreamOptions): () => void {
  const { hub, queryClient, core, token } = options;
  const report = options.report ?? dispatchConnection;
  let stopped = false;
  // Live events that arrive before the buffer must not be replayed again from it.
  let seen: Set<string> | null = new Set<string>();

  (options.fetchBuffer ?? fetchEventBuffer)(core, token).then(
    (events) => {
      const liveSoFar = seen;
      seen = null;
      if (stopped || !liveSoFar) return;
      for (const event of events) {
        if (!liveSoFar.has(event.snowflake)) publishEvent(event, { fresh: false, queryClient });
      }
    },
    (err: unknown) => {
      seen = null;
      console.warn('Could not fetch the event buffer', err);
    },
  );

  const close = hub.open(EVENT_SOCKET_KEY, {
    url: () => eventStreamUrl(core, token),
    onMessage: (data) => {
      const event = parseEventFrame(data);
      if (!event) {
        console.warn('Ignoring an event frame that does not match the protocol');
        return;
      }
      seen?.add(event.snowflake);
      publishEvent(event, { fresh: true, queryClient });
    },
    onStatus: (status) => {
      const action = STATUS_ACTION[status];
      if (action) report(action);
    },
  });
  return () => {
    stopped = true;
    close();
  };
}

// ---------------------------------------------------------------------------------------
// React bindings

const HubContext = createContext<RealtimeHub | null>(null);

export function RealtimeProvider({ hub, children }: { hub: RealtimeHub; children: ReactNode }) {
  return createElement(HubContext.Provider, { value: hub }, children);
}

export function useRealtimeHub(): RealtimeHub {
  const hub = useContext(HubContext);
  if (!hub) throw new Error('useRealtimeHub needs a RealtimeProvider');
  return hub;
}

/** Runs the event stream for the current core while a usable token exists. */
export function useEventStream(): void {
  const hub = useRealtimeHub();
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  const token = useCurrentToken();
  useEffect(() => {
    if (!core || !token || !isUsableToken(token)) return undefined;
    return startEventStream({ hub, queryClient, core, token });
  }, [hub, queryClient, core, token]);
}

/** Calls `handler` for every event (buffered and live) while the component is mounted. */
export function useEventSubscription(handler: EventHandler): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => addEventHandler((event, context) => ref.current(event, context)), []);
}

/** Keeps a keyed socket open while mounted and `spec` is non-null (console, monitor). */
export function useManagedSocket(key: string, spec: SocketSpec | null): void {
  const hub = useRealtimeHub();
  const ref = useRef(spec);
  useEffect(() => {
    ref.current = spec;
  });
  const url = spec?.url() ?? null;
  useEffect(() => {
    if (url === null) return undefined;
    return hub.open(key, {
      url: () => ref.current?.url() ?? url,
      onMessage: (data) => ref.current?.onMessage(data),
      onStatus: (status, detail) => ref.current?.onStatus?.(status, detail),
      shouldReconnect: (code) => ref.current?.shouldReconnect?.(code) ?? true,
    });
  }, [hub, key, url]);
}
