import type { QueryClient } from '@tanstack/react-query';
import type { ClientEvent, HearthEvent } from '@hearth/protocol';

// Who listens to the event stream. Features register here (through the hooks) and update the
// query cache; the stream publishes every event once, and says when it came back from a gap.

export interface EventContext {
  /**
   * true for events this tab had not been shown and that happened while it was connected (live
   * ones, and those replayed after a gap); false for the history replayed when the stream starts,
   * which is older than anything the tab has fetched since.
   */
  fresh: boolean;
  queryClient: QueryClient;
}
export type EventHandler = (event: ClientEvent, context: EventContext) => void;

/** Called once the stream is back after a gap and the missed events were replayed. */
export type ResyncHandler = (context: { queryClient: QueryClient }) => void;

/**
 * Hearth's own frames (protocol hearth-events.ts): signals without a snowflake, so live only —
 * never history, never replayed after a gap (the resync refetches what they would have changed).
 */
export type HearthEventHandler = (
  event: HearthEvent,
  context: { queryClient: QueryClient },
) => void;

const eventHandlers = new Set<EventHandler>();
const resyncHandlers = new Set<ResyncHandler>();
const hearthHandlers = new Set<HearthEventHandler>();

/** One failing handler must not keep the others from their event. */
function safely(run: () => void): void {
  try {
    run();
  } catch (err) {
    console.error('Event handler failed', err);
  }
}

/** Registers a handler for every event; returns the unsubscribe function. */
export function addEventHandler(handler: EventHandler): () => void {
  eventHandlers.add(handler);
  return () => eventHandlers.delete(handler);
}

export function publishEvent(event: ClientEvent, context: EventContext): void {
  for (const handler of [...eventHandlers]) safely(() => handler(event, context));
}

/** Registers what to refetch after a gap (what missed events can have changed). */
export function addResyncHandler(handler: ResyncHandler): () => void {
  resyncHandlers.add(handler);
  return () => resyncHandlers.delete(handler);
}

export function publishResync(queryClient: QueryClient): void {
  for (const handler of [...resyncHandlers]) safely(() => handler({ queryClient }));
}

/** Registers a handler for Hearth's own frames (e.g. MacrosChanged); returns the unsubscribe. */
export function addHearthEventHandler(handler: HearthEventHandler): () => void {
  hearthHandlers.add(handler);
  return () => hearthHandlers.delete(handler);
}

export function publishHearthEvent(
  event: HearthEvent,
  context: { queryClient: QueryClient },
): void {
  for (const handler of [...hearthHandlers]) safely(() => handler(event, context));
}
