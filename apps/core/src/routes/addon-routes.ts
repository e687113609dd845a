import type { FastifyInstance } from 'fastify';
import {
  ADDON_QUERY_MAX,
  ADDON_SEARCH_OFFSET_MAX,
  AddonInstallBodySchema,
  AddonKindSchema,
  AddonUpdateBodySchema,
  type AddonKind,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';
import { FILE_READ, FILE_WRITE } from './file-route-helpers.ts';

function kindOf(raw: unknown): AddonKind {
  const parsed = AddonKindSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('kind must be mod, plugin or datapack');
  return parsed.data;
}

function offsetOf(raw: unknown): number {
  if (raw === undefined || raw === '') return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > ADDON_SEARCH_OFFSET_MAX)
    throw badRequest('Invalid offset');
  return n;
}

/**
 * Hearth's add-ons from Modrinth (issue 27; services/addons). Looking is reading the instance's
 * files; installing, updating and removing are writing them (the service applies the
 * protected-path rule to the file, as an upload of it would).
 */
export function addonRoutes(ctx: CoreContext) {
  const { addons } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http({ route: 'addonTarget', access: FILE_READ }, ({ params }) =>
      addons.target(params.uuid),
    );

    route.http({ route: 'addonSearch', access: FILE_READ }, ({ params, req }) => {
      const query = req.query as Record<string, unknown>;
      const text = typeof query.query === 'string' ? query.query : '';
      if (text.length > ADDON_QUERY_MAX) throw badRequest('Search text is too long');
      return addons.search(params.uuid, {
        query: text,
        kind: kindOf(query.kind),
        offset: offsetOf(query.offset),
      });
    });

    route.http({ route: 'addonProject', access: FILE_READ }, ({ params, req }) =>
      addons.project(params.uuid, params.project, kindOf((req.query as { kind?: unknown }).kind)),
    );

    route.http({ route: 'addonList', access: FILE_READ }, ({ params }) => addons.list(params.uuid));

    route.http({ route: 'addonUpdates', access: FILE_READ }, ({ params }) =>
      addons.updates(params.uuid),
    );

    route.http(
      { route: 'addonInstall', access: FILE_WRITE, body: AddonInstallBodySchema },
      ({ user, params, body, cause }) => addons.install(user, params.uuid, body, cause),
    );

    route.http(
      { route: 'addonUpdate', access: FILE_WRITE, body: AddonUpdateBodySchema },
      ({ user, params, body, cause }) =>
        addons.update(user, params.uuid, params.addon, body.version_id, cause),
    );

    route.http({ route: 'addonRemove', access: FILE_WRITE }, async ({ user, params, cause }) => {
      await addons.remove(user, params.uuid, params.addon, cause);
      return null;
    });
  };
}
