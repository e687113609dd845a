import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { permissionDenied } from '../errors.ts';
import { GatewayService } from '../services/gateway/gateway-service.ts';
import type { PortMapper } from '../services/gateway/port-mapper.ts';
import { UpnpPortMapper } from '../services/gateway/upnp-port-mapper.ts';

/**
 * core-api.md §1.4.5 / §3.15: `PUT /gateway/open_port/:port`, owner only. The reference answers a
 * non-owner with 401; Hearth answers 403 PermissionDenied like every other owner-only route.
 */
export function gatewayRoutes(
  ctx: CoreContext,
  mapper: PortMapper = new UpnpPortMapper(ctx.config.gateway),
) {
  const gateway = new GatewayService(mapper);
  return async (api: FastifyInstance) => {
    api.put<{ Params: { port: string } }>('/gateway/open_port/:port', async (req) => {
      const caller = await ctx.authenticate(req);
      if (!caller.isOwner) throw permissionDenied('Only the owner can open ports');
      await gateway.openPort(req.params.port);
      req.log.info({ port: req.params.port, via: gateway.describe() }, 'port opened');
      return null;
    });
  };
}
