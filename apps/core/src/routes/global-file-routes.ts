import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';
import {
  UPLOAD_LIMITS,
  abortOnDisconnect,
  closeUnreadBodies,
  uploadParts,
} from './file-body-routes.ts';
import { decodeClientPath } from './file-route-helpers.ts';

const READ = { can: 'ReadGlobalFile' } as const;
const WRITE = { can: 'WriteGlobalFile' } as const;
const path = { path: decodeClientPath };

/**
 * core-api.md §1.4.15: the global file routes, over the global folder (GlobalFiles). Both
 * permissions are unsafe: while safe mode is on only the owner passes (protocol `canPerform`).
 */
export function globalFileRoutes(ctx: CoreContext) {
  const files = ctx.globalFiles;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http({ route: 'globalFsLs', access: READ, params: path }, ({ user, params }) =>
      files.list(user, params.path),
    );

    route.http({ route: 'globalFsRead', access: READ, params: path }, async (call) => {
      const text = await files.read(call.user, call.params.path);
      return call.reply.type('text/plain; charset=utf-8').send(text);
    });

    route.http({ route: 'globalFsDownload', access: READ, params: path }, async (call) => {
      const key = await files.createDownloadKey(call.user, call.params.path);
      return call.reply.type('text/plain; charset=utf-8').send(key);
    });

    const simpleWrites = {
      globalFsNew: 'newFile',
      globalFsMkdir: 'mkdir',
      globalFsRm: 'rm',
      globalFsRmdir: 'rmdir',
    } as const;
    for (const [name, op] of Object.entries(simpleWrites)) {
      route.http(
        { route: name as keyof typeof simpleWrites, access: WRITE, params: path },
        async ({ user, params }) => {
          await files[op](user, params.path);
          return null;
        },
      );
    }

    route.http(
      {
        route: 'globalFsMove',
        access: WRITE,
        params: { source: decodeClientPath, dest: decodeClientPath },
      },
      async ({ user, params }) => {
        await files.move(user, params.source, params.dest);
        return null;
      },
    );

    // Raw body of any type, streamed to the file; read only once the caller was admitted.
    await api.register(async (raw) => {
      closeUnreadBodies(raw);
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      declareRoutes(raw, ctx).http(
        { route: 'globalFsWrite', access: WRITE, params: path },
        async ({ user, params, req }) => {
          await files.write(user, params.path, req.body instanceof Readable ? req.body : req.raw);
          return null;
        },
      );
    });

    await api.register(async (scope) => {
      closeUnreadBodies(scope);
      await scope.register(multipart, { limits: UPLOAD_LIMITS });
      declareRoutes(scope, ctx).http(
        { route: 'globalFsUpload', access: WRITE, params: path },
        async ({ user, params, req }) => {
          const parts = uploadParts(req);
          await files.upload(user, params.path, parts, abortOnDisconnect(req));
          return null;
        },
      );
    });
  };
}
