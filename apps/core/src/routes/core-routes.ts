import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';

function portParam(raw: string): number {
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port > 65535) throw badRequest(`Invalid port: ${raw}`);
  return port;
}

/** core-api.md §1.4.1: info, system and checks (unauthenticated, as the reference). */
export function coreRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.open({ route: 'info' }, () =>
      ctx.system.info(ctx.settings.get().core_name, ctx.users.isSetup),
    );
    route.open({ route: 'systemRam' }, () => ctx.system.ram());
    route.open({ route: 'systemDisk' }, () => ctx.system.disk());
    route.open({ route: 'systemCpu' }, () => ctx.system.cpu());
    route.open({ route: 'checkPort', params: { port: portParam } }, ({ params }) =>
      ctx.system.portStatus(params.port, ctx.instances.isPortAllocated(params.port)),
    );
    route.open({ route: 'checkName' }, ({ params }) => ctx.instances.isNameTaken(params.name));
    route.http(
      { route: 'systemWarnings', access: { owner: 'Only the owner can read the core warnings' } },
      () => ctx.system.warnings(),
    );
  };
}
