import type { FastifyInstance } from 'fastify';
import {
  CopyInstanceFileRequestSchema,
  UnzipOptionSchema,
  ZipRequestSchema,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';
import { downloadRoutes } from './download-routes.ts';
import { fileBodyRoutes } from './file-body-routes.ts';
import { FILE_READ, FILE_WRITE, decodeClientPath } from './file-route-helpers.ts';

const path = { path: decodeClientPath };

/**
 * core-api.md §1.4.14 (instance files) and §1.4.16 (download by key). Thin handlers: decode the
 * path, check the permission, call InstanceFiles / FileJobs (which apply the protected-path rule).
 */
export function fileRoutes(ctx: CoreContext) {
  const { files, jobs } = ctx.files;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http({ route: 'fsLs', access: FILE_READ, params: path }, ({ user, params }) =>
      files.list(user, params.uuid, params.path),
    );

    route.http({ route: 'fsRead', access: FILE_READ, params: path }, async (call) => {
      const text = await files.read(call.user, call.params.uuid, call.params.path);
      return call.reply.type('text/plain; charset=utf-8').send(text);
    });

    route.http({ route: 'fsUrl', access: FILE_READ, params: path }, async (call) => {
      const key = await files.createDownloadKey(call.user, call.params.uuid, call.params.path);
      return call.reply.type('text/plain; charset=utf-8').send(key);
    });

    const simpleWrites = {
      fsNew: 'newFile',
      fsMkdir: 'mkdir',
      fsRm: 'rm',
      fsRmdir: 'rmdir',
    } as const;
    for (const [name, op] of Object.entries(simpleWrites)) {
      route.http(
        { route: name as keyof typeof simpleWrites, access: FILE_WRITE, params: path },
        async ({ user, params }) => {
          await files[op](user, params.uuid, params.path);
          return null;
        },
      );
    }

    route.http(
      {
        route: 'fsMove',
        access: FILE_WRITE,
        params: { source: decodeClientPath, dest: decodeClientPath },
      },
      async ({ user, params }) => {
        await files.move(user, params.uuid, params.source, params.dest);
        return null;
      },
    );

    route.http(
      { route: 'fsCpr', access: FILE_WRITE, body: CopyInstanceFileRequestSchema },
      async ({ user, params, body }) => {
        await jobs.copy(user, params.uuid, body);
        return null;
      },
    );

    route.http(
      { route: 'fsZip', access: FILE_WRITE, body: ZipRequestSchema },
      async ({ user, params, body }) => {
        await jobs.zip(user, params.uuid, body);
        return null;
      },
    );

    route.http(
      {
        route: 'fsUnzip',
        access: FILE_WRITE,
        params: path,
        body: UnzipOptionSchema,
        bodyName: 'Unzip option',
      },
      async ({ user, params, body }) => {
        await jobs.unzip(user, params.uuid, params.path, body);
        return null;
      },
    );

    await api.register(fileBodyRoutes(ctx));
    await api.register(downloadRoutes(ctx));
  };
}
