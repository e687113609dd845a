import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { sendJsonString } from '../http/validation.ts';
import { userCause } from '../services/user-service.ts';
import { requireGenericDefinitionRights } from './game-routes.ts';

type UuidParams = { Params: { uuid: string } };

/** core-api.md §1.4.7–1.4.9: instance lifecycle, control and configuration. Unknown uuids are 404 before permissions. */
export function instanceRoutes(ctx: CoreContext) {
  const instances = ctx.instances;
  return async (api: FastifyInstance) => {
    api.get('/instance/list', async (req) => {
      const user = await ctx.authenticate(req);
      const all = await instances.list();
      return all.filter((info) =>
        ctx.guard.can(user, { type: 'ViewInstance', instance: info.uuid }),
      );
    });

    api.post<{ Params: { game: string } }>('/instance/create/:game', async (req, reply) => {
      const user = await ctx.authenticate(req);
      ctx.guard.require(user, { type: 'CreateInstance' });
      return sendJsonString(
        reply,
        await instances.creation.createMinecraft(req.params.game, req.body, user),
      );
    });

    api.post('/instance/create_generic', async (req, reply) => {
      const user = await ctx.authenticate(req);
      requireGenericDefinitionRights(ctx, user);
      return sendJsonString(reply, await instances.creation.createGeneric(req.body, user));
    });

    api.get<UuidParams>('/instance/:uuid/info', async (req) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'ViewInstance', instance: req.params.uuid });
      return instances.info(req.params.uuid);
    });

    api.get<UuidParams>('/instance/:uuid/state', async (req, reply) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'ViewInstance', instance: req.params.uuid });
      return sendJsonString(reply, instances.state(req.params.uuid));
    });

    api.delete<UuidParams>('/instance/:uuid', async (req) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'DeleteInstance' });
      await instances.delete(req.params.uuid, userCause(user));
      return null;
    });

    api.put<UuidParams>('/instance/:uuid/start', async (req) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'StartInstance', instance: req.params.uuid });
      await instances.start(req.params.uuid, userCause(user));
      return null;
    });

    api.put<UuidParams>('/instance/:uuid/stop', async (req) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'StopInstance', instance: req.params.uuid });
      instances.stop(req.params.uuid, userCause(user));
      return null;
    });

    api.put<UuidParams>('/instance/:uuid/restart', async (req) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'StopInstance', instance: req.params.uuid });
      ctx.guard.require(user, { type: 'StartInstance', instance: req.params.uuid });
      await instances.restart(req.params.uuid, userCause(user));
      return null;
    });

    api.put<UuidParams>('/instance/:uuid/kill', async (req, reply) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'StopInstance', instance: req.params.uuid });
      await instances.kill(req.params.uuid, userCause(user));
      return sendJsonString(reply, 'ok');
    });

    api.post<UuidParams>('/instance/:uuid/console', async (req) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'AccessConsole', instance: req.params.uuid });
      instances.sendCommand(req.params.uuid, req.body, userCause(user));
      return null;
    });

    const settings = async (
      req: { params: { uuid: string } } & Parameters<typeof ctx.authenticate>[0],
    ) => {
      const user = await ctx.authenticate(req);
      instances.get(req.params.uuid);
      ctx.guard.require(user, { type: 'AccessSetting', instance: req.params.uuid });
      return instances.settings(req.params.uuid);
    };
    api.get<UuidParams>('/instance/:uuid/settings', settings);
    api.get<UuidParams>('/instance/:uuid/configurable_manifest', settings);

    api.put<{ Params: { uuid: string; section: string; setting: string } }>(
      '/instance/:uuid/settings/:section/:setting',
      async (req) => {
        const user = await ctx.authenticate(req);
        instances.get(req.params.uuid);
        ctx.guard.require(user, { type: 'AccessSetting', instance: req.params.uuid });
        await instances.applySetting(
          req.params.uuid,
          req.params.section,
          req.params.setting,
          req.body,
        );
        return null;
      },
    );

    const setter = (path: string, apply: (uuid: string, body: unknown) => Promise<void>) =>
      api.put<UuidParams>(`/instance/:uuid/${path}`, async (req) => {
        const user = await ctx.authenticate(req);
        instances.get(req.params.uuid);
        ctx.guard.require(user, { type: 'AccessSetting', instance: req.params.uuid });
        await apply(req.params.uuid, req.body);
        return null;
      });
    setter('name', (uuid, body) => instances.setName(uuid, body));
    setter('description', (uuid, body) => instances.setDescription(uuid, body));
    setter('auto_start', (uuid, body) => instances.setAutoStart(uuid, body));
    setter('restart_on_crash', (uuid, body) => instances.setRestartOnCrash(uuid, body));

    api.put<{ Params: { uuid: string; version: string } }>(
      '/instance/:uuid/version/:version',
      async (req) => {
        const user = await ctx.authenticate(req);
        instances.get(req.params.uuid);
        ctx.guard.require(user, { type: 'AccessSetting', instance: req.params.uuid });
        await instances.changeVersion(req.params.uuid, req.params.version);
        return null;
      },
    );
  };
}
