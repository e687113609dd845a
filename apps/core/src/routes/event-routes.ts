import type { FastifyInstance } from 'fastify';
import {
  EVENT_STREAM_HEARTH_PARAM,
  EVENT_STREAM_HEARTH_VALUE,
  EventQuerySchema,
  emptyEventQuery,
  type EventQuery,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';
import { sendCoalesced } from '../http/socket-session.ts';
import { parseWith } from '../http/validation.ts';

interface EventsQuery {
  filter: EventQuery;
  /** `hearth=1`: Hearth's own frames too (protocol hearth-events.ts); Lodestone clients never ask. */
  hearth: boolean;
}

/**
 * The query of every event route: `filter` is the JSON of an EventQuery (empty = everything),
 * parsed by the route's declaration (a bad one is a 400 naming the filter).
 */
function eventsQuery(query: unknown): EventsQuery {
  const { filter, [EVENT_STREAM_HEARTH_PARAM]: hearth } = query as Record<string, unknown>;
  return { filter: readFilter(filter), hearth: hearth === EVENT_STREAM_HEARTH_VALUE };
}

function readFilter(raw: unknown): EventQuery {
  if (raw === undefined || raw === '') return emptyEventQuery();
  if (typeof raw !== 'string') throw badRequest('Invalid filter: give it once');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('Invalid filter: not valid JSON');
  }
  return parseWith(EventQuerySchema, json, 'filter');
}

/** core-api.md §1.4.12: event buffer, live stream and search — filtered by what each user may see. */
export function eventRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.http({ route: 'eventsBuffer', access: 'user', query: eventsQuery }, ({ user, query }) =>
      ctx.eventLog.buffer(user, query.filter),
    );
    route.http({ route: 'eventsSearch', access: 'user', query: eventsQuery }, ({ user, query }) =>
      ctx.eventLog.search(user, query.filter),
    );
    // The stream's token travels inside its filter (the reference's wire format).
    route.socket(
      {
        route: 'eventsStream',
        access: 'user',
        query: eventsQuery,
        tokenInQuery: (query) => {
          const token = query.filter.bearer_token;
          if (!token) throw badRequest('Missing token');
          return token;
        },
        echo: true,
      },
      (socket, { session, query }) =>
        ctx.eventLog.stream(
          (frame) => sendCoalesced(socket, frame),
          session.current,
          query.filter,
          {
            hearth: query.hearth,
          },
        ),
    );
  };
}
