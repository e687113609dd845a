import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';
import { parsePort } from '../services/gateway/gateway-service.ts';

/**
 * core-api.md §1.4.5 / §3.15: `PUT /gateway/open_port/:port`, owner only. The reference answers a
 * non-owner with 401; Hearth answers 403 PermissionDenied like every other owner-only route.
 */
export function gatewayRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.http(
      {
        route: 'openPort',
        access: { owner: 'Only the owner can open ports' },
        params: { port: parsePort },
      },
      async ({ params, req }) => {
        await ctx.gateway.openPort(params.port);
        req.log.info({ port: params.port, via: ctx.gateway.describe() }, 'port opened');
        return null;
      },
    );
  };
}
