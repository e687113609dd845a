import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { registerUserSocket, sendBounded } from '../http/socket-session.ts';

type MonitorRequest = { Params: { uuid: string }; Querystring: { token?: string } };

/**
 * core-api.md §1.4.13 / §3.18: `WS /monitor/:uuid?token=Bearer <jwt>`. Unknown uuid → 404 before
 * the upgrade; unlike the reference it needs ViewInstance. Replays the ring of 64 reports, then
 * pushes each fresh sample (one per second).
 */
export function monitorRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    registerUserSocket<MonitorRequest>(api, ctx, '/monitor/:uuid', {
      echo: false,
      authorize: async (req) => {
        ctx.instances.get(req.params.uuid);
        const user = await ctx.tokens.verify(tokenFromQueryValue(req.query.token));
        ctx.guard.require(user, { type: 'ViewInstance', instance: req.params.uuid });
        return user;
      },
      serve: (socket, req, session) => {
        const uuid = req.params.uuid;
        for (const report of ctx.instances.monitor.buffer(uuid))
          sendBounded(socket, JSON.stringify(report));
        return ctx.instances.monitor.subscribe(uuid, (report) => {
          if (!ctx.guard.can(session.current(), { type: 'ViewInstance', instance: uuid })) {
            socket.close(1008, 'Permission revoked');
            return;
          }
          sendBounded(socket, JSON.stringify(report));
        });
      },
    });
  };
}
