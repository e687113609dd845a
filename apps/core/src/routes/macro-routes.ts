import type { FastifyInstance } from 'fastify';
import { MacroConfigSchema, MacroRunBodySchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { tokenFromQueryValue } from '../http/request-auth.ts';
import { declareRoutes } from '../http/route.ts';
import { sendBounded } from '../http/socket-session.ts';
import { parseWith } from '../http/validation.ts';
import { boundsOf } from '../services/macros/macro-service.ts';

/** A task pid from the path: a small decimal integer (the reference's MacroPID). */
function decodePid(raw: string): number {
  const pid = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(pid)) throw badRequest(`Invalid macro pid: ${raw}`);
  return pid;
}

/** The uuid and pid of an output socket's path (the declarer has checked the uuid). */
function outputTarget(params: unknown): { uuid: string; pid: number } {
  const { uuid, pid } = params as { uuid: string; pid: string };
  return { uuid, pid: decodePid(pid) };
}

/** A socket whose viewer lost the macro permission is closed with this (policy violation). */
const PERMISSION_LOST_CLOSE_CODE = 1008;

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
      async ({ user, params, body, cause }) => {
        // A task starting a macro passes on what bounds it (its authors, its own bounds).
        await macros.start(params.uuid, params.name, body, cause, boundsOf(user));
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

    // Hearth (issue 23): a task's own output, kept with its history entry, and live.
    route.http({ route: 'macroOutput', access, params: { pid: decodePid } }, ({ params }) =>
      macros.output(params.uuid, params.pid),
    );

    route.socket(
      {
        route: 'macroOutputStream',
        token: (req) => tokenFromQueryValue((req.query as { token?: string }).token),
        access: { instance: ['AccessMacro'] },
        echo: false,
        load: (req) => {
          const { uuid, pid } = outputTarget(req.params);
          macros.requireTask(uuid, pid);
        },
      },
      (socket, { req, session }) => {
        const { uuid, pid } = outputTarget(req.params);
        // Asked again for every frame: a viewer who loses the macro permission loses the stream.
        const mayView = () =>
          ctx.guard.can(session.current(), { type: 'AccessMacro', instance: uuid });
        return macros.streamOutput(uuid, pid, {
          send: (frame) => {
            if (mayView()) sendBounded(socket, JSON.stringify(frame));
            else socket.close(PERMISSION_LOST_CLOSE_CODE, 'Permission denied');
          },
          end: () => socket.close(1000, 'The task ended'),
        });
      },
    );
  };
}
