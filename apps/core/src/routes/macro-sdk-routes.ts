import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CoreContext } from '../context.ts';
import { permissionDenied } from '../errors.ts';
import { bearerToken } from '../http/request-auth.ts';
import { parseWith } from '../http/validation.ts';
import { SDK_ROUTES } from '../runtime/macros/sdk/notify.ts';
import type { LiveTask } from '../services/macros/live-task.ts';
import type { MacroService } from '../services/macros/macro-service.ts';

const Text = z.string().max(64 * 1024);
const ConsoleOutSchema = z.object({ line: Text });
const ProgressionStartSchema = z.object({
  title: Text,
  total: z.number().finite().nonnegative().nullable().default(null),
});
const ProgressionUpdateSchema = z.object({
  event_id: z.string().min(1).max(64),
  progress: z.number().finite(),
  message: Text,
});
const ProgressionEndSchema = z.object({
  event_id: z.string().min(1).max(64),
  success: z.boolean(),
  message: Text.nullable().default(null),
});

/**
 * What only a running macro task may do (its SDK's console line, progressions, detach). A task
 * token is required — a user's JWT is refused — and the call acts for the task that holds it.
 * Console lines need nothing beyond the task: its starter could run it, which is AccessMacro.
 */
export function macroSdkRoutes(ctx: CoreContext, macros: MacroService) {
  const taskOf = async (req: FastifyRequest): Promise<LiveTask> => {
    const token = bearerToken(req);
    if (!macros.isTaskToken(token)) {
      await ctx.authenticate(req);
      throw permissionDenied('Only a running macro task may use this route');
    }
    return macros.taskOfToken(token);
  };
  return async (api: FastifyInstance) => {
    api.post(SDK_ROUTES.consoleOut, async (req) => {
      const task = await taskOf(req);
      macros.consoleOut(task, parseWith(ConsoleOutSchema, req.body).line);
      return null;
    });

    api.post(SDK_ROUTES.progressionStart, async (req) => {
      const task = await taskOf(req);
      const body = parseWith(ProgressionStartSchema, req.body);
      return { event_id: task.progressionStart(macros.events, body.title, body.total) };
    });

    api.post(SDK_ROUTES.progressionUpdate, async (req) => {
      const task = await taskOf(req);
      const body = parseWith(ProgressionUpdateSchema, req.body);
      task.progressionUpdate(macros.events, body.event_id, body.progress, body.message);
      return null;
    });

    api.post(SDK_ROUTES.progressionEnd, async (req) => {
      const task = await taskOf(req);
      const body = parseWith(ProgressionEndSchema, req.body);
      task.progressionEnd(macros.events, body.event_id, body.success, body.message);
      return null;
    });

    api.post(SDK_ROUTES.detach, async (req) => {
      const task = await taskOf(req);
      task.detach(macros.events);
      return null;
    });
  };
}
