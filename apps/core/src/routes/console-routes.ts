import type { FastifyInstance } from 'fastify';
import { consoleStreamFormat } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { declareRoutes } from '../http/route.ts';
import { ALL_INSTANCES } from '../services/console-service.ts';

type StreamQuery = { token?: string; batch?: string };

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
        instance: 'AccessConsole',
        allInstances: ALL_INSTANCES,
        echo: true,
      },
      (socket, req, session) => {
        const wanted = (req.params as { uuid: string }).uuid;
        const format = consoleStreamFormat((req.query as StreamQuery).batch);
        return ctx.console.stream(
          socket,
          wanted,
          (uuid) => ctx.guard.can(session.current(), { type: 'AccessConsole', instance: uuid }),
          format,
        );
      },
    );
  };
}
