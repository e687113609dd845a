import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EventQuerySchema,
  emptyEventQuery,
  eventMatchesQuery,
  isConsoleEvent,
  msToSnowflakeBound,
  type EventQuery,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { parseWith } from '../http/validation.ts';
import { registerUserSocket, sendBounded } from '../http/socket-session.ts';

type FilterQuery = { Querystring: { filter?: string } };

function readFilter(raw: string | undefined): EventQuery {
  if (raw === undefined || raw === '') return emptyEventQuery();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('Invalid filter: not valid JSON');
  }
  return parseWith(EventQuerySchema, json, 'filter');
}

const SEARCH_LIMIT = 5000;

/** core-api.md §1.4.12: event buffer, live stream and search — filtered by what each user may see. */
export function eventRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    api.get<FilterQuery & { Params: { any: string } }>('/events/:any/buffer', async (req) => {
      const user = await ctx.authenticate(req);
      const query = readFilter(req.query.filter);
      return ctx.events
        .buffer()
        .filter((e) => eventMatchesQuery(e, query) && ctx.visibility.canView(user, e));
    });

    api.get<FilterQuery>('/events/search', async (req) => {
      const user = await ctx.authenticate(req);
      const query = readFilter(req.query.filter);
      ctx.events.flush();
      const start = query.time_range ? msToSnowflakeBound(query.time_range.start) : null;
      const end = query.time_range ? msToSnowflakeBound(query.time_range.end + 1) : null;
      return ctx.eventRepository
        .range(start, end, SEARCH_LIMIT)
        .filter((e) => eventMatchesQuery(e, query) && ctx.visibility.canView(user, e));
    });

    const queries = new WeakMap<FastifyRequest, EventQuery>();
    registerUserSocket<FilterQuery & { Params: { any: string } }>(api, ctx, '/events/:any/stream', {
      echo: true,
      authorize: async (req) => {
        const query = readFilter(req.query.filter);
        if (!query.bearer_token) throw badRequest('Missing token');
        const user = await ctx.tokens.verify(query.bearer_token);
        queries.set(req, query);
        return user;
      },
      serve: (socket, req, session) => {
        const query = queries.get(req) ?? emptyEventQuery();
        return ctx.events.subscribe((event) => {
          if (isConsoleEvent(event)) return;
          if (!eventMatchesQuery(event, query)) return;
          if (!ctx.visibility.canView(session.current(), event)) return;
          sendBounded(socket, JSON.stringify(event));
        });
      },
    });
  };
}
