import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MacroSdkConsoleOutSchema,
  MacroSdkProgressionEndSchema,
  MacroSdkProgressionStartSchema,
  MacroSdkProgressionUpdateSchema,
} from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { bearerToken } from '../http/request-auth.ts';
import { declareRoutes } from '../http/route.ts';

/**
 * What only a running macro task may do (its SDK's console line, progressions, detach). The caller
 * must hold a task token — a user's JWT is refused (403, the owner's too) — and the call acts for
 * the task that holds it. Console lines need nothing beyond the task: its starter could run it,
 * which is AccessMacro.
 */
export function macroSdkRoutes(ctx: CoreContext) {
  const { macros } = ctx;
  const task = (req: FastifyRequest) => macros.taskOfToken(bearerToken(req));
  const onlyTasks = {
    access: 'user' as const,
    rule: (_user: unknown, req: FastifyRequest) => void task(req),
  };
  return async (api: FastifyInstance) => {
    const route = declareRoutes(api, ctx);

    route.http(
      { route: 'macroSdkConsoleOut', ...onlyTasks, body: MacroSdkConsoleOutSchema },
      ({ req, body }) => {
        macros.consoleOut(task(req), body.line);
        return null;
      },
    );

    route.http(
      { route: 'macroSdkProgressionStart', ...onlyTasks, body: MacroSdkProgressionStartSchema },
      ({ req, body }) => ({ event_id: macros.progressionStart(task(req), body.title, body.total) }),
    );

    route.http(
      { route: 'macroSdkProgressionUpdate', ...onlyTasks, body: MacroSdkProgressionUpdateSchema },
      ({ req, body }) => {
        macros.progressionUpdate(task(req), body.event_id, body.progress, body.message);
        return null;
      },
    );

    route.http(
      { route: 'macroSdkProgressionEnd', ...onlyTasks, body: MacroSdkProgressionEndSchema },
      ({ req, body }) => {
        macros.progressionEnd(task(req), body.event_id, body.success, body.message);
        return null;
      },
    );

    route.http({ route: 'macroSdkDetach', ...onlyTasks }, ({ req }) => {
      macros.detach(task(req));
      return null;
    });
  };
}
