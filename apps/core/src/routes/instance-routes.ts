import type { FastifyInstance } from 'fastify';
import {
  ConfigurableValueSchema,
  GenericCreateRequestSchema,
  POWER_ACTION_PERMISSIONS as POWER,
  SetupValueSchema,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';
import {
  booleanBody,
  validateCommand,
  validateDescription,
  validateInstanceName,
} from '../services/instance-rules.ts';

/** core-api.md §1.4.7–1.4.9: instance lifecycle, control and configuration. Unknown uuids are 404 before permissions. */
export function instanceRoutes(ctx: CoreContext) {
  const { instances, instanceConfig, creation } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http({ route: 'instanceList', access: 'user' }, async ({ user }) =>
      (await instances.list()).filter((info) =>
        ctx.guard.can(user, { type: 'ViewInstance', instance: info.uuid }),
      ),
    );

    route.http(
      { route: 'instanceCreate', access: { can: 'CreateInstance' }, body: SetupValueSchema },
      ({ user, params, body }) => creation.createMinecraft(params.game, body, user),
    );

    route.http(
      {
        route: 'instanceCreateGeneric',
        access: { can: 'CreateInstance' },
        rule: (user) => creation.requireGenericRights(user),
        body: GenericCreateRequestSchema,
      },
      ({ user, body }) => creation.createGeneric(body, user),
    );

    route.http({ route: 'instanceInfo', access: { instance: ['ViewInstance'] } }, ({ params }) =>
      instances.info(params.uuid),
    );

    route.http({ route: 'instanceState', access: { instance: ['ViewInstance'] } }, ({ params }) =>
      instances.state(params.uuid),
    );

    route.http({ route: 'instanceDisk', access: { instance: ['ViewInstance'] } }, ({ params }) =>
      instances.diskUsage(params.uuid),
    );

    route.http(
      { route: 'instance', access: { instance: ['DeleteInstance'] } },
      async ({ params, cause }) => {
        await instances.delete(params.uuid, cause);
        return null;
      },
    );

    route.http(
      { route: 'instanceStart', access: { instance: POWER.start } },
      async ({ params, cause }) => {
        await instances.start(params.uuid, cause);
        return null;
      },
    );

    route.http({ route: 'instanceStop', access: { instance: POWER.stop } }, ({ params, cause }) => {
      instances.stop(params.uuid, cause);
      return null;
    });

    route.http(
      { route: 'instanceRestart', access: { instance: POWER.restart } },
      async ({ params, cause }) => {
        await instances.restart(params.uuid, cause);
        return null;
      },
    );

    route.http(
      { route: 'instanceKill', access: { instance: POWER.kill } },
      async ({ params, cause }) => {
        await instances.kill(params.uuid, cause);
        return 'ok';
      },
    );

    route.http(
      {
        route: 'instanceConsole',
        access: { instance: ['AccessConsole'] },
        body: validateCommand,
      },
      ({ params, body, cause }) => {
        instances.sendCommand(params.uuid, body, cause);
        return null;
      },
    );

    for (const name of ['instanceSettings', 'instanceConfigurableManifest'] as const) {
      route.http({ route: name, access: { instance: ['AccessSetting'] } }, ({ user, params }) =>
        instanceConfig.settings(params.uuid, user),
      );
    }

    route.http(
      {
        route: 'instanceSetting',
        access: { instance: ['AccessSetting'] },
        body: ConfigurableValueSchema,
        bodyName: 'Setting value',
      },
      async ({ user, params, body, cause }) => {
        await instanceConfig.applySetting(
          params.uuid,
          params.section,
          params.setting,
          body,
          cause,
          user,
        );
        return null;
      },
    );

    const setting = { instance: ['AccessSetting'] } as const;
    route.http(
      { route: 'instanceName', access: setting, body: validateInstanceName },
      async ({ params, body, cause }) => {
        await instanceConfig.setName(params.uuid, body, cause);
        return null;
      },
    );
    route.http(
      { route: 'instanceDescription', access: setting, body: validateDescription },
      async ({ params, body, cause }) => {
        await instanceConfig.setDescription(params.uuid, body, cause);
        return null;
      },
    );
    route.http(
      { route: 'instanceAutoStart', access: setting, body: booleanBody('auto_start') },
      async ({ params, body, cause }) => {
        await instanceConfig.setAutoStart(params.uuid, body, cause);
        return null;
      },
    );
    route.http(
      { route: 'instanceRestartOnCrash', access: setting, body: booleanBody('restart_on_crash') },
      async ({ params, body, cause }) => {
        await instanceConfig.setRestartOnCrash(params.uuid, body, cause);
        return null;
      },
    );

    route.http({ route: 'instanceVersion', access: setting }, async ({ params, cause }) => {
      await instanceConfig.changeVersion(params.uuid, params.version, cause);
      return null;
    });
  };
}
