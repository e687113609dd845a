import { createContext, createElement, useContext, useEffect, useEffectEvent, useRef } from 'react';
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

// A handler is registered once per mount and always calls the latest render's function (an effect
// event: React swaps it in with the commit, so an event arriving later never reaches an old one).

/** Calls `handler` for every event (history, live and missed) while the component is mounted. */
export function useEventSubscription(handler: EventHandler): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => addEventHandler((event, context) => onEvent(event, context)), []);
}

/**
 * Calls `handler` when the event stream is back after a gap, once the missed events were
 * replayed: invalidate there the queries that events keep up to date.
 */
export function useEventResync(handler: ResyncHandler): void {
  const onResync = useEffectEvent(handler);
  useEffect(() => addResyncHandler((context) => onResync(context)), []);
}

/** Keeps a keyed socket open while mounted and `spec` is non-null (console, monitor). */
export function useManagedSocket(key: string, spec: SocketSpec | null): void {
  const hub = useRealtimeHub();
  /** The latest render's spec, for the socket's callbacks. */
  const latest = useEffectEvent(() => spec);
  /** A socket under this key was open before: one reopened with a new URL resumes the stream. */
  const openedBefore = useRef<{ key: string } | null>(null);
  const url = spec?.url() ?? null;
  useEffect(() => {
    if (url === null) return undefined;
    return hub.open(key, {
      url: () => latest()?.url() ?? url,
      onMessage: (data) => latest()?.onMessage(data),
      onStatus: (status, detail) => {
        if (status === 'open') openedBefore.current = { key };
        latest()?.onStatus?.(status, detail);
      },
      shouldReconnect: (code) => latest()?.shouldReconnect?.(code) ?? true,
      onGap: () => latest()?.onGap?.(),
      resumes: openedBefore.current?.key === key,
    });
  }, [hub, key, url]);
}
