import type { FastifyInstance } from 'fastify';
import { GenericSetupManifestRequestSchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';

/** core-api.md §1.4.6: game catalogue and setup manifests. */
export function gameRoutes(ctx: CoreContext) {
  const { creation } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);
    route.open({ route: 'games' }, () => creation.availableGames());
    route.open({ route: 'gamesUnavailable' }, () => creation.unavailableGames());
    route.open({ route: 'gamesDefinitions' }, () => ctx.definitions.list());

    route.http({ route: 'setupManifest', access: { can: 'CreateInstance' } }, ({ params }) =>
      creation.setupManifest(params.game),
    );

    route.http(
      {
        route: 'genericSetupManifest',
        access: { can: 'CreateInstance' },
        rule: (user) => creation.requireGenericRights(user),
        body: GenericSetupManifestRequestSchema,
      },
      ({ user, body }) => creation.genericSetupManifest(body.url, user),
    );
  };
}
