import type { FastifyInstance } from 'fastify';
import { MacroConfigSchema, MacroRunBodySchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { declareRoutes } from '../http/route.ts';
import { parseWith } from '../http/validation.ts';
import { boundsOf } from '../services/macros/macro-service.ts';
import { userCause } from '../services/user-service.ts';

/** A task pid from the path: a small decimal integer (the reference's MacroPID). */
function decodePid(raw: string): number {
  const pid = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(pid)) throw badRequest(`Invalid macro pid: ${raw}`);
  return pid;
}

/** `macro/run` may have no body at all: no arguments. */
const runArgs = (raw: unknown) => parseWith(MacroRunBodySchema, raw ?? [], 'Macro arguments');

/**
 * core-api.md §1.4.17: macros, tasks and history of one instance, all behind AccessMacro (admin
 * does not imply it). Unknown instances are 404 before permissions, as everywhere.
 */
export function macroRoutes(ctx: CoreContext) {
  const { macros } = ctx;
  const access = { instance: ['AccessMacro'] } as const;
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http({ route: 'macroList', access }, ({ params }) => macros.list(params.uuid));

    route.http({ route: 'taskList', access }, ({ params }) => macros.tasksOf(params.uuid));

    route.http({ route: 'historyList', access }, ({ params }) => macros.history(params.uuid));

    route.http(
      { route: 'macroRun', access, body: runArgs, bodyName: 'Macro arguments' },
      async ({ user, params, body }) => {
        // A task starting a macro passes on what bounds it (its authors, its own bounds).
        await macros.start(params.uuid, params.name, body, userCause(user), boundsOf(user));
        return null;
      },
    );

    route.http({ route: 'macroKill', access, params: { pid: decodePid } }, async ({ params }) => {
      await macros.kill(params.uuid, params.pid);
      return null;
    });

    route.http({ route: 'macroConfigGet', access }, ({ params }) =>
      macros.getConfig(params.uuid, params.name),
    );

    route.http(
      { route: 'macroConfigStore', access, body: MacroConfigSchema, bodyName: 'Macro config' },
      async ({ user, params, body }) => {
        await macros.storeConfig(params.uuid, params.name, body, user);
      },
    );
  };
}
