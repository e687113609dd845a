import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { declareRoutes } from '../http/route.ts';
import { sendBounded } from '../http/socket-session.ts';

/**
 * core-api.md §1.4.13 / §3.18: `WS /monitor/:uuid?token=Bearer <jwt>`. Unknown uuid → 404 before
 * the upgrade; unlike the reference it needs ViewInstance. Replays the ring of 64 reports, then
 * pushes each fresh sample (one per second).
 */
export function monitorRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.socket(
      {
        route: 'monitor',
        token: (req) => tokenFromQueryValue((req.query as { token?: string }).token),
        access: { instance: ['ViewInstance'] },
        echo: false,
      },
      (socket, { req, session }) => {
        const uuid = (req.params as { uuid: string }).uuid;
        for (const report of ctx.instances.monitorReports(uuid))
          sendBounded(socket, JSON.stringify(report));
        return ctx.instances.watchMonitor(uuid, (report) => {
          if (!ctx.guard.can(session.current(), { type: 'ViewInstance', instance: uuid })) {
            socket.close(1008, 'Permission revoked');
            return;
          }
          sendBounded(socket, JSON.stringify(report));
        });
      },
    );
  };
}
