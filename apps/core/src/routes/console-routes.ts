import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { consoleStreamFormat } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { declareRoutes } from '../http/route.ts';
import { ALL_INSTANCES } from '../services/console-service.ts';

type StreamQuery = { token?: string };

/** `batch` asks for batched frames; an unknown value is the reference's one event per message. */
const StreamQuerySchema = z
  .object({ batch: z.unknown().optional() })
  .transform((query) => ({ format: consoleStreamFormat(query.batch) }));

/**
 * core-api.md §1.4.11 / §1.6: console buffer (the 1024-line ring) and live stream. Both need
 * AccessConsole (the reference only asks for a token); `all` streams every instance whose console
 * the user may access.
 */
export function consoleRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http(
      {
        route: 'consoleBuffer',
        access: { instance: ['AccessConsole'] },
        allInstances: ALL_INSTANCES,
      },
      ({ params }) => (params.uuid === ALL_INSTANCES ? [] : ctx.console.buffer(params.uuid)),
    );

    route.socket(
      {
        route: 'consoleStream',
        token: (req) => tokenFromQueryValue((req.query as StreamQuery).token),
        access: { instance: ['AccessConsole'] },
        allInstances: ALL_INSTANCES,
        query: StreamQuerySchema,
        echo: true,
      },
      (socket, { req, session, query }) => {
        const wanted = (req.params as { uuid: string }).uuid;
        return ctx.console.stream(
          socket,
          wanted,
          (uuid) => ctx.guard.can(session.current(), { type: 'AccessConsole', instance: uuid }),
          query.format,
        );
      },
    );
  };
}
