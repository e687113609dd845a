import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CopyInstanceFileRequestSchema,
  UnzipOptionSchema,
  ZipRequestSchema,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { parseWith } from '../http/validation.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import { DownloadKeyStore } from '../services/download-keys.ts';
import { FileAccess } from '../services/files/file-access.ts';
import { FileJobs } from '../services/files/file-jobs.ts';
import { InstanceFiles } from '../services/files/instance-files.ts';
import { downloadRoutes } from './download-routes.ts';
import { fileBodyRoutes } from './file-body-routes.ts';
import { decodeClientPath, fileCaller, type FileRouteServices } from './file-route-helpers.ts';

type Fs = { Params: { uuid: string; path: string } };

function services(ctx: CoreContext): FileRouteServices {
  const options = ctx.config.files ?? {};
  const access = new FileAccess({
    instances: ctx.instances,
    events: ctx.events,
    users: ctx.users,
    limits: {
      ...(options.maxExtractBytes === undefined
        ? {}
        : { maxExtractBytes: options.maxExtractBytes }),
      ...(options.maxExtractEntries === undefined
        ? {}
        : { maxExtractEntries: options.maxExtractEntries }),
    },
  });
  const keys = new DownloadKeyStore({
    ...(options.downloadKeyTtlMs === undefined ? {} : { ttlMs: options.downloadKeyTtlMs }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  return {
    access,
    keys,
    files: new InstanceFiles(access, keys, ctx.guard),
    jobs: new FileJobs(access),
  };
}

/**
 * core-api.md §1.4.14 (instance files) and §1.4.16 (download by key). Thin handlers: decode the
 * path, check the permission, call InstanceFiles / FileJobs (which apply the protected-path rule).
 */
export function fileRoutes(ctx: CoreContext) {
  return async (api: FastifyInstance) => {
    const s = services(ctx);
    ctx.onShutdown(async () => {
      await s.jobs.settle();
      s.keys.close();
    });
    api.addHook('onReady', () => s.jobs.sweepLeftovers(ctx.config.dataDir, api.log));
    const { files, jobs } = s;
    const base = '/instance/:uuid/fs/:path';
    const done = (reply: FastifyReply) =>
      reply.type('application/json; charset=utf-8').send('null');

    api.get<Fs>(`${base}/ls`, async (req) => {
      const user = await fileCaller(ctx, req, req.params.uuid, 'ReadInstanceFile');
      return files.list(user, req.params.uuid, decodeClientPath(req.params.path));
    });

    api.get<Fs>(`${base}/read`, async (req, reply) => {
      const user = await fileCaller(ctx, req, req.params.uuid, 'ReadInstanceFile');
      const text = await files.read(user, req.params.uuid, decodeClientPath(req.params.path));
      return reply.type('text/plain; charset=utf-8').send(text);
    });

    api.get<Fs>(`${base}/url`, async (req, reply) => {
      const user = await fileCaller(ctx, req, req.params.uuid, 'ReadInstanceFile');
      const key = await files.createDownloadKey(
        user,
        req.params.uuid,
        decodeClientPath(req.params.path),
      );
      return reply.type('text/plain; charset=utf-8').send(key);
    });

    const simple = (
      method: 'PUT' | 'DELETE',
      op: string,
      run: (user: StoredUser, uuid: string, path: string) => Promise<void>,
    ) =>
      api.route<Fs>({
        method,
        url: `${base}/${op}`,
        handler: async (req, reply) => {
          const user = await fileCaller(ctx, req, req.params.uuid, 'WriteInstanceFile');
          await run(user, req.params.uuid, decodeClientPath(req.params.path));
          return done(reply);
        },
      });
    simple('PUT', 'new', (user, uuid, path) => files.newFile(user, uuid, path));
    simple('PUT', 'mkdir', (user, uuid, path) => files.mkdir(user, uuid, path));
    simple('DELETE', 'rm', (user, uuid, path) => files.rm(user, uuid, path));
    simple('DELETE', 'rmdir', (user, uuid, path) => files.rmdir(user, uuid, path));

    api.put<{ Params: { uuid: string; source: string; dest: string } }>(
      '/instance/:uuid/fs/:source/move/:dest',
      async (req, reply) => {
        const user = await fileCaller(ctx, req, req.params.uuid, 'WriteInstanceFile');
        await files.move(
          user,
          req.params.uuid,
          decodeClientPath(req.params.source),
          decodeClientPath(req.params.dest),
        );
        return done(reply);
      },
    );

    api.put<{ Params: { uuid: string } }>('/instance/:uuid/fs/cpr', async (req, reply) => {
      const user = await fileCaller(ctx, req, req.params.uuid, 'WriteInstanceFile');
      await jobs.copy(user, req.params.uuid, parseWith(CopyInstanceFileRequestSchema, req.body));
      return done(reply);
    });

    api.put<{ Params: { uuid: string } }>('/instance/:uuid/fs/zip', async (req, reply) => {
      const user = await fileCaller(ctx, req, req.params.uuid, 'WriteInstanceFile');
      await jobs.zip(user, req.params.uuid, parseWith(ZipRequestSchema, req.body));
      return done(reply);
    });

    api.put<Fs>(`${base}/unzip`, async (req, reply) => {
      const user = await fileCaller(ctx, req, req.params.uuid, 'WriteInstanceFile');
      const path = decodeClientPath(req.params.path);
      await jobs.unzip(
        user,
        req.params.uuid,
        path,
        parseWith(UnzipOptionSchema, req.body, 'Unzip option'),
      );
      return done(reply);
    });

    await api.register(fileBodyRoutes(ctx, s));
    await api.register(downloadRoutes(s.files));
  };
}
