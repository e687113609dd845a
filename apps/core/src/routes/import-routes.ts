import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ImportCreateBodySchema, ImportFolderBodySchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';
import { abortOnDisconnect, closeUnreadBodies } from './file-body-routes.ts';

const CREATE = { can: 'CreateInstance' } as const;
const OWNER = { owner: 'Only the owner may import a folder from this machine' };

/**
 * Hearth's imports (issue 27; services/imports). Whatever an imported folder holds runs as the
 * game, so staging and creating are for those who may create generic games: the owner, or
 * `can_create_instance` users while safe mode is off. A host folder is the owner's alone, with safe
 * mode off (the service checks it). A staged import belongs to whoever staged it.
 */
export function importRoutes(ctx: CoreContext) {
  const { imports, creation } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http(
      { route: 'importFolder', access: OWNER, body: ImportFolderBodySchema },
      ({ user, body }) => imports.stageFolder(user, body.path),
    );

    route.http(
      {
        route: 'importCreate',
        access: CREATE,
        rule: (user) => creation.requireGenericRights(user),
        body: ImportCreateBodySchema,
      },
      ({ user, params, body }) => imports.create(user, params.import, body),
    );

    route.http({ route: 'importDiscard', access: 'user' }, async ({ user, params }) => {
      await imports.discard(user, params.import);
      return null;
    });

    // The archive is a multipart body streamed to disk, in its own scope (no JSON body limit).
    await api.register(async (scope) => {
      closeUnreadBodies(scope);
      await scope.register(multipart, {
        limits: {
          fileSize: Number.POSITIVE_INFINITY,
          fieldSize: 1024,
          fields: 10,
          files: 1,
          parts: 10,
          headerPairs: 100,
        },
      });
      declareRoutes(scope, ctx).http(
        {
          route: 'importUpload',
          access: CREATE,
          rule: (user) => creation.requireGenericRights(user),
        },
        async ({ user, req }) => {
          if (!req.isMultipart())
            throw badRequest('Failed to upload file', 'The body must be multipart/form-data');
          const signal = abortOnDisconnect(req);
          for await (const part of req.parts()) {
            if (part.type !== 'file') continue;
            return imports.stageUpload(user, part.filename, part.file, signal);
          }
          throw badRequest('Failed to upload file', 'The body has no file');
        },
      );
    });
  };
}
