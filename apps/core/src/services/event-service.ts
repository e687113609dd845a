import {
  eventMatchesQuery,
  msToSnowflakeBound,
  type ClientEvent,
  type EventQuery,
} from '@hearth/protocol';
import type { EventBus } from '../events/event-bus.ts';
import type { EventVisibility } from '../events/event-visibility.ts';
import type { Principal } from '../auth/permission-guard.ts';
import type { EventRepository } from '../repositories/event-repository.ts';

/** How many stored events one search answers with at most. */
const SEARCH_LIMIT = 5000;

/**
 * Each event's JSON, made once for all the sockets it goes to (with 50 dashboards open, a burst of
 * starts was 50 serializations of every event, issue 26). An emitted event never changes.
 */
const frames = new WeakMap<ClientEvent, string>();
function frameOf(event: ClientEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = JSON.stringify(event);
    frames.set(event, frame);
  }
  return frame;
}

/** core-api.md §1.4.12: the event ring, history search and live streams, filtered per viewer. */
export class EventService {
  constructor(
    private readonly events: EventBus,
    private readonly repository: EventRepository,
    private readonly visibility: EventVisibility,
  ) {}

  buffer(viewer: Principal, query: EventQuery): ClientEvent[] {
    return this.events
      .buffer()
      .filter((e) => eventMatchesQuery(e, query) && this.visibility.canView(viewer, e));
  }

  search(viewer: Principal, query: EventQuery): ClientEvent[] {
    this.events.flush({ reader: true });
    const start = query.time_range ? msToSnowflakeBound(query.time_range.start) : null;
    const end = query.time_range ? msToSnowflakeBound(query.time_range.end + 1) : null;
    return this.repository
      .range(start, end, SEARCH_LIMIT)
      .filter((e) => eventMatchesQuery(e, query) && this.visibility.canView(viewer, e));
  }

  /**
   * Sends each new non-console event the viewer (as it is now) may see and the query matches;
   * with `hearth`, also Hearth's signals the viewer may see (protocol hearth-events.ts: frames a
   * Lodestone client never asks for, so never receives).
   */
  stream(
    send: (frame: string) => void,
    viewer: () => Principal,
    query: EventQuery,
    options: { hearth?: boolean } = {},
  ): () => void {
    const offEvents = this.events.subscribeGeneral((event) => {
      if (!eventMatchesQuery(event, query)) return;
      if (!this.visibility.canView(viewer(), event)) return;
      send(frameOf(event));
    });
    if (options.hearth !== true) return offEvents;
    const offHearth = this.events.subscribeHearth((event) => {
      if (this.visibility.canViewHearth(viewer(), event)) send(JSON.stringify(event));
    });
    return () => {
      offEvents();
      offHearth();
    };
  }
}
