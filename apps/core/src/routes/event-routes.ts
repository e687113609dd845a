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
import { bindSocketToUser, sendBounded } from '../http/socket-session.ts';
import type { StoredUser } from '../repositories/user-repository.ts';

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
  const socketUsers = new WeakMap<FastifyRequest, { user: StoredUser; query: EventQuery }>();
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

    api.get<FilterQuery & { Params: { any: string } }>(
      '/events/:any/stream',
      {
        websocket: true,
        preValidation: async (req) => {
          const query = readFilter(req.query.filter);
          if (!query.bearer_token) throw badRequest('Missing token');
          const user = await ctx.tokens.verify(query.bearer_token);
          socketUsers.set(req, { user, query });
        },
      },
      (socket, req) => {
        const auth = socketUsers.get(req);
        if (!auth) {
          socket.close(1011, 'Not authenticated');
          return;
        }
        const session = bindSocketToUser(ctx, socket, auth.user);
        const unsubscribe = ctx.events.subscribe((event) => {
          if (isConsoleEvent(event)) return;
          if (!eventMatchesQuery(event, auth.query)) return;
          if (!ctx.visibility.canView(session.current(), event)) return;
          sendBounded(socket, JSON.stringify(event));
        });
        socket.on('message', (data, isBinary) => {
          if (socket.readyState === socket.OPEN) socket.send(data, { binary: isBinary });
        });
        socket.on('close', () => {
          unsubscribe();
          session.dispose();
        });
      },
    );
  };
}
