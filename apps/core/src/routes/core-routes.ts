import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';

/** core-api.md §1.4.1: info, system and checks (unauthenticated, as the reference). */
export function coreRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    api.get('/info', async () => ctx.system.info(ctx.settings.get().core_name, ctx.users.isSetup));
    api.get('/system/ram', async () => ctx.system.ram());
    api.get('/system/disk', async () => ctx.system.disk());
    api.get('/system/cpu', async () => ctx.system.cpu());
    api.get<{ Params: { port: string } }>('/check/port/:port', async (req) => {
      const port = Number(req.params.port);
      if (!/^\d{1,5}$/.test(req.params.port) || port > 65535)
        throw badRequest(`Invalid port: ${req.params.port}`);
      return ctx.system.portStatus(port, ctx.instanceDirectory.isPortAllocated(port));
    });
    api.get<{ Params: { name: string } }>('/check/name/:name', async (req) =>
      ctx.instanceDirectory.isNameTaken(req.params.name),
    );
  };
}
