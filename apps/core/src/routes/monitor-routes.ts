import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CoreContext } from '../context.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { bindSocketToUser, sendBounded } from '../http/socket-session.ts';
import type { StoredUser } from '../repositories/user-repository.ts';

type MonitorRequest = { Params: { uuid: string }; Querystring: { token?: string } };

/**
 * core-api.md §1.4.13 / §3.18: `WS /monitor/:uuid?token=Bearer <jwt>`. Unknown uuid → 404 before
 * the upgrade; unlike the reference it needs ViewInstance. Replays the ring of 64 reports, then
 * pushes each fresh sample (one per second).
 */
export function monitorRoutes(ctx: CoreContext) {
  const socketUsers = new WeakMap<FastifyRequest, StoredUser>();
  return async (api: FastifyInstance) => {
    api.get<MonitorRequest>(
      '/monitor/:uuid',
      {
        websocket: true,
        preValidation: async (req) => {
          ctx.instances.get(req.params.uuid);
          const user = await ctx.tokens.verify(tokenFromQueryValue(req.query.token));
          ctx.guard.require(user, { type: 'ViewInstance', instance: req.params.uuid });
          socketUsers.set(req, user);
        },
      },
      (socket, req) => {
        const user = socketUsers.get(req);
        if (!user) {
          socket.close(1011, 'Not authenticated');
          return;
        }
        const uuid = req.params.uuid;
        const session = bindSocketToUser(ctx, socket, user);
        for (const report of ctx.instances.monitor.buffer(uuid))
          sendBounded(socket, JSON.stringify(report));
        const unsubscribe = ctx.instances.monitor.subscribe(uuid, (report) => {
          if (!ctx.guard.can(session.current(), { type: 'ViewInstance', instance: uuid })) {
            socket.close(1008, 'Permission revoked');
            return;
          }
          sendBounded(socket, JSON.stringify(report));
        });
        socket.on('close', () => {
          unsubscribe();
          session.dispose();
        });
      },
    );
  };
}
