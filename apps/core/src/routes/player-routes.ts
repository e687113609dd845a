import type { FastifyInstance } from 'fastify';
import { PlayerActionSchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { unsupported } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';
import { validatePlayerLimit } from '../services/instance-rules.ts';

/**
 * core-api.md §1.4.10, with the ViewInstance check the reference leaves out; and Hearth's player
 * actions (issue 27: kick, ban, op, whitelist), behind ManagePlayers — the lists too, since they
 * hold banned addresses.
 */
export function playerRoutes(ctx: CoreContext) {
  const { instances, playerAdmin } = ctx;
  const view = { instance: ['ViewInstance'] } as const;
  const manage = { instance: ['ManagePlayers'] } as const;
  return async (api: FastifyInstance) => {
    // Hearth (issue 23 #24): open like an <img> needs, and only ever a uuid's avatar or its
    // placeholder (the service bounds what a stranger can make the core fetch and keep).
    declareRoutes(api, ctx).open({ route: 'playerAvatar' }, async ({ params, req, reply }) => {
      const name = (req.query as { name?: unknown }).name;
      const avatar = await ctx.avatars.get(
        params.uuid,
        typeof name === 'string' ? name : undefined,
      );
      return (
        reply
          .type(avatar.type)
          .header('cache-control', avatar.cacheable ? 'private, max-age=86400' : 'no-store')
          .header('x-content-type-options', 'nosniff')
          // An avatar opened on its own (the placeholder is an SVG) may run or load nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(avatar.body)
      );
    });
    const route = declareRoutes(api, ctx);
    route.http(
      { route: 'playersCount', access: view },
      ({ params }) => instances.players(params.uuid).length,
    );
    route.http({ route: 'playersMax', access: view }, async ({ params }) => {
      const max = await instances.maxPlayers(params.uuid);
      if (max === null) throw unsupported('This instance has no player limit');
      return max;
    });
    route.http(
      {
        route: 'playersSetMax',
        access: { instance: ['AccessSetting'] },
        body: validatePlayerLimit,
      },
      async ({ params, body, cause }) => {
        await ctx.instanceConfig.setMaxPlayers(params.uuid, body, cause);
        return null;
      },
    );
    route.http({ route: 'players', access: view }, ({ params }) => instances.players(params.uuid));
    route.http({ route: 'playerLists', access: manage }, ({ params }) =>
      playerAdmin.lists(params.uuid),
    );
    route.http(
      { route: 'playerAction', access: manage, body: PlayerActionSchema },
      ({ params, body, cause }) => playerAdmin.act(params.uuid, body, cause),
    );
  };
}
