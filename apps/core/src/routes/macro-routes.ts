import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MacroConfigSchema, MacroRunArgsSchema } from '@hearth/protocol';
import type { CoreContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { parseWith } from '../http/validation.ts';
import type { StoredUser } from '../repositories/user-repository.ts';
import type { MacroService } from '../services/macros/macro-service.ts';

type UuidParams = { Params: { uuid: string } };
type MacroParams = { Params: { uuid: string; macro_name: string } };
type PidParams = { Params: { uuid: string; pid: string } };

const MAX_ARGS = 64;
const MAX_ARG_CHARS = 4096;

function parseArgs(body: unknown): string[] {
  const args = parseWith(MacroRunArgsSchema, body ?? [], 'Macro arguments');
  if (args.length > MAX_ARGS) throw badRequest(`At most ${MAX_ARGS} macro arguments`);
  for (const arg of args) {
    if (arg.length > MAX_ARG_CHARS) throw badRequest('A macro argument is too long');
    if (arg.includes('\0')) throw badRequest('A macro argument cannot contain a NUL character');
  }
  return args;
}

/**
 * core-api.md §1.4.17: macros, tasks and history of one instance, all behind AccessMacro(uuid)
 * (admin does not imply it). Unknown instances are 404 before permissions, as everywhere.
 */
export function macroRoutes(ctx: CoreContext, macros: MacroService) {
  const access = async (req: FastifyRequest<UuidParams>): Promise<StoredUser> => {
    const user = await ctx.authenticate(req);
    ctx.instances.get(req.params.uuid);
    ctx.guard.require(user, { type: 'AccessMacro', instance: req.params.uuid });
    return user;
  };
  return async (api: FastifyInstance) => {
    api.get<UuidParams>('/instance/:uuid/macro/list', async (req) => {
      await access(req);
      return macros.list(req.params.uuid);
    });

    api.get<UuidParams>('/instance/:uuid/task/list', async (req) => {
      await access(req);
      return macros.tasksOf(req.params.uuid);
    });

    api.get<UuidParams>('/instance/:uuid/history/list', async (req) => {
      await access(req);
      return macros.history(req.params.uuid);
    });

    api.put<MacroParams>('/instance/:uuid/macro/run/:macro_name', async (req) => {
      const user = await access(req);
      const args = parseArgs(req.body);
      await macros.run(req.params.uuid, req.params.macro_name, args, user);
      return null;
    });

    api.put<PidParams>('/instance/:uuid/macro/kill/:pid', async (req) => {
      await access(req);
      const raw = req.params.pid;
      const pid = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(pid)) throw badRequest(`Invalid macro pid: ${raw}`);
      await macros.kill(req.params.uuid, pid);
      return null;
    });

    api.get<MacroParams>('/instance/:uuid/macro/config/get/:macro_name', async (req) => {
      await access(req);
      return macros.getConfig(req.params.uuid, req.params.macro_name);
    });

    api.post<MacroParams>('/instance/:uuid/macro/config/store/:macro_name', async (req, reply) => {
      await access(req);
      const body = parseWith(MacroConfigSchema, req.body, 'Macro config');
      await macros.storeConfig(req.params.uuid, req.params.macro_name, body);
      return reply.code(200).send();
    });
  };
}
