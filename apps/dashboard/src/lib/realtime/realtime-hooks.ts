import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentCore, useCurrentToken } from '../session.ts';
import { isUsableToken } from '../token.ts';
import { addEventHandler, addResyncHandler } from './event-handlers.ts';
import type { EventHandler, ResyncHandler } from './event-handlers.ts';
import { startEventStream } from './event-stream.ts';
import type { RealtimeHub, SocketSpec } from './socket-hub.ts';

// The React side of the realtime plumbing: one hub per app, the event stream while signed in,
// and subscriptions that follow the component's lifetime.

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

// Handlers are registered and kept current in layout effects: under Preact a passive effect runs
// after the next paint, and an event arriving in between would reach an old handler, or none.

/** Calls `handler` for every event (history, live and missed) while the component is mounted. */
export function useEventSubscription(handler: EventHandler): void {
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useLayoutEffect(() => addEventHandler((event, context) => ref.current(event, context)), []);
}

/**
 * Calls `handler` when the event stream is back after a gap, once the missed events were
 * replayed: invalidate there the queries that events keep up to date.
 */
export function useEventResync(handler: ResyncHandler): void {
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useLayoutEffect(() => addResyncHandler((context) => ref.current(context)), []);
}

/** Keeps a keyed socket open while mounted and `spec` is non-null (console, monitor). */
export function useManagedSocket(key: string, spec: SocketSpec | null): void {
  const hub = useRealtimeHub();
  const ref = useRef(spec);
  useLayoutEffect(() => {
    ref.current = spec;
  });
  /** A socket under this key was open before: one reopened with a new URL resumes the stream. */
  const openedBefore = useRef<{ key: string } | null>(null);
  const url = spec?.url() ?? null;
  useEffect(() => {
    if (url === null) return undefined;
    return hub.open(key, {
      url: () => ref.current?.url() ?? url,
      onMessage: (data) => ref.current?.onMessage(data),
      onStatus: (status, detail) => {
        if (status === 'open') openedBefore.current = { key };
        ref.current?.onStatus?.(status, detail);
      },
      shouldReconnect: (code) => ref.current?.shouldReconnect?.(code) ?? true,
      onGap: () => ref.current?.onGap?.(),
      resumes: openedBefore.current?.key === key,
    });
  }, [hub, key, url]);
}
