import type { FastifyInstance } from 'fastify';
import { TransferInBodySchema, TransferPullBodySchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';

/** Exporting an instance is reading its files (as a backup download is). */
const READ = { instance: ['ReadInstanceFile'] } as const;
const CREATE = { can: 'CreateInstance' } as const;

/**
 * Moving an instance to another core (issue 26; services/transfers). The source issues a key to
 * whoever may read the instance's files; the target, asked by someone who may import (what an
 * imported folder holds runs as the game), pulls the archive from the source with that key; the
 * pull itself has no login — the single-use key is the capability.
 */
export function transferRoutes(ctx: CoreContext) {
  const { transfers, creation } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http({ route: 'instanceTransfer', access: READ }, ({ user, params }) =>
      transfers.issue(user, params.uuid),
    );

    route.http(
      {
        route: 'instanceTransferIn',
        access: CREATE,
        rule: (user) => creation.requireGenericRights(user),
        body: TransferInBodySchema,
      },
      ({ user, body }) => transfers.receive(user, body),
    );

    route.open({ route: 'transferPull', body: TransferPullBodySchema }, async ({ body, reply }) => {
      const outgoing = await transfers.pull(body.key);
      reply.header('content-type', 'application/gzip');
      reply.header('content-length', String(outgoing.size));
      for (const [name, value] of Object.entries(outgoing.headers)) reply.header(name, value);
      reply.raw.once('close', () => outgoing.done(reply.raw.writableFinished));
      return reply.send(outgoing.stream);
    });
  };
}
