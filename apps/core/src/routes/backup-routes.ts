import type { FastifyInstance } from 'fastify';
import {
  BackupSettingsPatchSchema,
  CreateBackupBodySchema,
  RestoreBackupBodySchema,
  UpdateBackupBodySchema,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { declareRoutes } from '../http/route.ts';

const READ = { instance: ['ReadInstanceFile'] } as const;
const WRITE = { instance: ['WriteInstanceFile'] } as const;
/** Restoring and deleting replace or lose data: the same rights as overwriting the files of a stopped server. */
const REPLACE = { instance: ['WriteInstanceFile', 'StopInstance'] } as const;

/**
 * Hearth's backups (issue 13; services/backups/README.md). Creating and restoring answer at once
 * and report progression events; the archive is downloaded through a user-bound download key.
 */
export function backupRoutes(ctx: CoreContext) {
  const { backups } = ctx;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http({ route: 'backupList', access: READ }, ({ params }) => backups.list(params.uuid));

    route.http(
      { route: 'backupCreate', access: READ, body: CreateBackupBodySchema },
      async ({ params, body, cause }) =>
        (
          await backups.create(
            params.uuid,
            { name: body.name ?? null, locked: body.locked ?? false },
            cause,
          )
        ).backup,
    );

    route.http({ route: 'backup', access: READ }, ({ params }) =>
      backups.get(params.uuid, params.backup),
    );

    route.http(
      { route: 'backupUpdate', access: WRITE, body: UpdateBackupBodySchema },
      ({ params, body }) =>
        backups.update(params.uuid, params.backup, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.locked !== undefined ? { locked: body.locked } : {}),
        }),
    );

    route.http({ route: 'backupDelete', access: REPLACE }, async ({ params, cause }) => {
      await backups.delete(params.uuid, params.backup, cause);
      return null;
    });

    route.http(
      { route: 'backupRestore', access: REPLACE, body: RestoreBackupBodySchema },
      ({ params, body, cause }) => {
        backups.restore(params.uuid, params.backup, cause, {
          stopFirst: body.stop_first,
        });
        return null;
      },
    );

    route.http({ route: 'backupUrl', access: READ }, async (call) => {
      const key = await ctx.files.files.createBackupKey(
        call.user,
        call.params.uuid,
        call.params.backup,
      );
      return call.reply.type('text/plain; charset=utf-8').send(key);
    });

    route.http({ route: 'backupSettings', access: READ }, ({ params }) =>
      backups.settings(params.uuid),
    );

    route.http(
      { route: 'backupSettingsUpdate', access: WRITE, body: BackupSettingsPatchSchema },
      ({ params, body }) => backups.updateSettings(params.uuid, body),
    );
  };
}
