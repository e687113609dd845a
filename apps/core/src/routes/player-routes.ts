import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CoreContext } from '../context.ts';
import { unsupported } from '../errors.ts';

type UuidParams = { Params: { uuid: string } };

/** core-api.md §1.4.10, with the ViewInstance check the reference leaves out. */
export function playerRoutes(ctx: CoreContext) {
  const instances = ctx.instances;
  const viewer = async (req: FastifyRequest<UuidParams>) => {
    const user = await ctx.authenticate(req);
    instances.get(req.params.uuid);
    ctx.guard.require(user, { type: 'ViewInstance', instance: req.params.uuid });
    return user;
  };
  return async (api: FastifyInstance) => {
    api.get<UuidParams>('/instance/:uuid/players/count', async (req) => {
      await viewer(req);
      return instances.players(req.params.uuid).length;
    });

    api.get<UuidParams>('/instance/:uuid/players/max', async (req) => {
      await viewer(req);
      const max = await instances.maxPlayers(req.params.uuid);
      if (max === null) throw unsupported('This instance has no player limit');
      return max;
    });

    api.put<UuidParams>('/instance/:uuid/players/max', async (req) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'AccessSetting', instance: req.params.uuid });
      await instances.setMaxPlayers(req.params.uuid, req.body);
      return null;
    });

    api.get<UuidParams>('/instance/:uuid/players', async (req) => {
      await viewer(req);
      return instances.players(req.params.uuid);
    });
  };
}
