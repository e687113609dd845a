import { useEffect, useEffectEvent } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ClientEvent } from '@hearth/protocol';
import { getSession, type CoreConnection } from '../session.ts';
import { addEventHandler, addHearthEventHandler, addResyncHandler } from './event-handlers.ts';
import type { EventHandler, HearthEventHandler, ResyncHandler } from './event-handlers.ts';

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

/** Calls `handler` for each of Hearth's own live frames (a Lodestone core sends none). */
export function useHearthEventSubscription(handler: HearthEventHandler): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => addHearthEventHandler((event, context) => onEvent(event, context)), []);
}

/**
 * The shape every cache sync shares: `onFresh` for each event this tab had not been shown (the
 * history replayed when the stream starts already happened before the tab's own fetches), and
 * `onResync` once the stream is back after a gap, to refetch what events keep current.
 */
export function useCacheSync(onFresh: EventHandler, onResync: ResyncHandler): void {
  useEventSubscription((event, context) => {
    if (context.fresh) onFresh(event, context);
  });
  useEventResync(onResync);
}

/**
 * useCacheSync for a cache of the core this tab is on: `onFresh` gets that core with each fresh
 * event, and after a gap the query `resyncKey(core)` names is fetched again (null: none this time).
 * Nothing happens while no core is chosen.
 */
export function useCoreCacheSync(
  onFresh: (event: ClientEvent, queryClient: QueryClient, core: CoreConnection) => void,
  resyncKey: (core: CoreConnection) => QueryKey | null,
): void {
  useCacheSync(
    (event, { queryClient }) => {
      const core = getSession().current;
      if (core) onFresh(event, queryClient, core);
    },
    ({ queryClient }) => {
      const core = getSession().current;
      const queryKey = core && resyncKey(core);
      if (queryKey) void queryClient.invalidateQueries({ queryKey });
    },
  );
}
