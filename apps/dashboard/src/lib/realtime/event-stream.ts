import type { QueryClient } from '@tanstack/react-query';
import {
  ClientEventSchema,
  SESSION_ENDED_CLOSE_CODE,
  apiPaths,
  coreSocketUrl,
  emptyEventQuery,
  eventFilterQuery,
  parseFrame,
  parseHearthEventFrame,
} from '@hearth/protocol';
import type { ClientEvent } from '@hearth/protocol';
import { apiCall } from '../api-client.ts';
import { dispatchConnection } from '../connection-status.ts';
import type { ConnectionAction } from '../connection-status.ts';
import type { CoreConnection } from '../session.ts';
import { publishEvent, publishHearthEvent, publishResync } from './event-handlers.ts';
import { EventSequence } from './event-sequence.ts';
import type { RealtimeHub, SocketStatus } from './socket-hub.ts';

// The event stream (WS /events/all/stream) feeding the query cache through the event handlers.
// It starts with the core's buffer as history; after a gap (the socket reopened) it fetches the
// buffer again, replays what was missed, then asks the features to refetch what it can have
// changed — more may have happened than the buffer holds. The first open asks for that refetch
// too: the stream does not replay (core-api.md §1.6), so what a screen fetched before the socket
// was listening (an instance list read while a server was Starting) can already be out of date.

/** Parses one frame with the protocol schema; null for anything else. */
export function parseEventFrame(data: string): ClientEvent | null {
  return parseFrame(ClientEventSchema, data);
}

export const EVENT_SOCKET_KEY = 'events';

/**
 * Always with `hearth=1`: a Hearth core then adds its own frames (MacrosChanged), and a Lodestone
 * core ignores the parameter (its query struct takes only `filter` and does not refuse others).
 */
export function eventStreamUrl(core: CoreConnection, token: string): string {
  return `${coreSocketUrl(core)}${apiPaths.eventsStream(emptyEventQuery(token), { hearth: true })}`;
}

/** The buffer is a JSON array; its items are checked one by one (parseEventList). */
const EventListSchema = {
  parse(data: unknown): unknown[] {
    if (!Array.isArray(data)) throw new TypeError('The event buffer is not a list');
    return data as unknown[];
  },
};

/** A buffer's events, each parsed on its own: one this dashboard cannot read is skipped and counted. */
export function parseEventList(items: readonly unknown[]): {
  events: ClientEvent[];
  skipped: number;
} {
  const events: ClientEvent[] = [];
  for (const item of items) {
    const parsed = ClientEventSchema.safeParse(item);
    if (parsed.success) events.push(parsed.data);
  }
  return { events, skipped: items.length - events.length };
}

/**
 * `GET /events/all/buffer`. A core may send events this dashboard does not know (a newer core, a
 * Lodestone variant): they are skipped and counted, and the rest still count as history.
 */
export async function fetchEventBuffer(
  core: CoreConnection,
  token: string,
): Promise<ClientEvent[]> {
  const items = await apiCall(
    'eventsBuffer',
    { any: 'all' },
    {
      query: eventFilterQuery(emptyEventQuery(token)),
      core,
      token,
      schema: EventListSchema,
    },
  );
  const { events, skipped } = parseEventList(items);
  if (skipped > 0)
    console.warn(
      `Skipped ${skipped} of ${items.length} buffered events this dashboard cannot read`,
    );
  return events;
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

/** Keeps the stream (history, live events, gap recovery) running until the returned stop. */
export function startEventStream(options: EventStreamOptions): () => void {
  const { hub, queryClient, core, token } = options;
  const report = options.report ?? dispatchConnection;
  const fetchBuffer = options.fetchBuffer ?? fetchEventBuffer;
  let stopped = false;
  /** Whether the socket has been open: its first open is when changes start to be heard. */
  let listening = false;
  /** Only the newest gap fetch counts; an older answer is superseded by it. */
  let gapFetch = 0;
  const sequence = new EventSequence((event, fresh) => {
    if (!stopped) publishEvent(event, { fresh, queryClient });
  });

  fetchBuffer(core, token).then(
    (events) => {
      if (!stopped) sequence.history(events);
    },
    (err: unknown) => console.warn('Could not fetch the event buffer', err),
  );

  const fillGap = () => {
    const generation = ++gapFetch;
    sequence.gapOpened();
    const settle = (events: ClientEvent[] | null) => {
      if (stopped || generation !== gapFetch) return;
      sequence.gapFilled(events);
      publishResync(queryClient);
    };
    fetchBuffer(core, token).then(settle, (err: unknown) => {
      console.warn('Could not fetch the events missed while disconnected', err);
      settle(null);
    });
  };

  const close = hub.open(EVENT_SOCKET_KEY, {
    url: () => eventStreamUrl(core, token),
    onMessage: (data) => {
      const event = parseEventFrame(data);
      if (event) {
        sequence.live(event);
        return;
      }
      const signal = parseHearthEventFrame(data);
      if (signal) {
        if (!stopped) publishHearthEvent(signal, { queryClient });
        return;
      }
      console.warn('Ignoring an event frame that does not match the protocol');
    },
    onStatus: (status, detail) => {
      const action = STATUS_ACTION[status];
      if (action) report(action);
      // From here on every change arrives as a frame; what was fetched before may be stale. A
      // reopen resyncs in fillGap, after the missed events.
      if (status === 'open' && !listening && !stopped) {
        listening = true;
        publishResync(queryClient);
      }
      // The core ended this socket's session (signed out elsewhere, revoked): the features read
      // again what they show, and the user's own record answers Unauthorized, which signs out.
      if (status === 'closed' && detail.code === SESSION_ENDED_CLOSE_CODE && !stopped)
        publishResync(queryClient);
    },
    onGap: fillGap,
  });
  return () => {
    stopped = true;
    close();
  };
}
