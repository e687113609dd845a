import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** The `filter` query parameter: JSON of an EventQuery (empty = everything). */
function readFilter(req: FastifyRequest): EventQuery {
  const raw = (req.query as { filter?: string }).filter;
  if (raw === undefined || raw === '') return emptyEventQuery();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('Invalid filter: not valid JSON');
  }
  return parseWith(EventQuerySchema, json, 'filter');
}

/** `hearth=1`: Hearth's own frames too (protocol hearth-events.ts); Lodestone clients never ask. */
function wantsHearth(req: FastifyRequest): boolean {
  return (
    (req.query as Record<string, unknown>)[EVENT_STREAM_HEARTH_PARAM] === EVENT_STREAM_HEARTH_VALUE
  );
}

/** core-api.md §1.4.12: event buffer, live stream and search — filtered by what each user may see. */
export function eventRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.http({ route: 'eventsBuffer', access: 'user' }, ({ user, req }) =>
      ctx.eventLog.buffer(user, readFilter(req)),
    );
    route.http({ route: 'eventsSearch', access: 'user' }, ({ user, req }) =>
      ctx.eventLog.search(user, readFilter(req)),
    );
    // The stream's token travels inside its filter (the reference's wire format).
    route.socket(
      {
        route: 'eventsStream',
        token: (req) => {
          const token = readFilter(req).bearer_token;
          if (!token) throw badRequest('Missing token');
          return token;
        },
        echo: true,
      },
      (socket, req, session) =>
        ctx.eventLog.stream(
          (frame) => sendCoalesced(socket, frame),
          session.current,
          readFilter(req),
          { hearth: wantsHearth(req) },
        ),
    );
  };
}
