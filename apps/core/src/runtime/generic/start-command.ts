// Which program a definition's start() may name, and how it is launched. The sandbox looks the
// command up, stats it and shows its folder read-only before it runs it, all in the core; so a
// definition must not name a program in a host folder the sandbox would otherwise hide, and a
// program inside the instance folder (which its users and the game write: it may be a link to
// anywhere) is never looked at by the core at all: a shell inside the sandbox execs it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInside, SYSTEM_LINKS } from '../sandbox/runtime-paths.ts';
import type { ValidStartPlan } from './schemas.ts';

/** Host folders whose programs any definition may run: the system, read-only in every sandbox. */
const SYSTEM_PROGRAM_DIRS = ['/usr', ...SYSTEM_LINKS];

/** `sh -c 'exec "$0" "$@"' <program> <args…>`: the same process becomes the program. */
export const EXEC_SHELL = '/bin/sh';
export const EXEC_SCRIPT = 'exec "$0" "$@"';

export interface LaunchContext {
  instanceDir: string;
  definitionUrl: string;
}

/** A start plan as the supervisor runs it (`cwd` absolute, inside the instance folder). */
export interface Launch {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/** A start plan whose program the core will not run; the message says what is allowed. */
export class StartCommandError extends Error {
  override name = 'StartCommandError';
}

function definitionFolder(definitionUrl: string): string | null {
  try {
    const url = new URL(definitionUrl);
    return url.protocol === 'file:' ? path.dirname(fileURLToPath(url)) : null;
  } catch {
    return null;
  }
}

/**
 * The launch for `plan`: a bare name is looked up on the system's PATH (the plan may not set its
 * own), Hearth's Node, a program under /usr (or /bin, …) or in a file:// definition's own folder
 * runs as named, a program inside the instance folder runs through EXEC_SHELL; anything else is
 * refused. Decided from the text alone: nothing here touches the disk.
 */
export function launchFor(plan: ValidStartPlan, ctx: LaunchContext): Launch {
  const instanceDir = path.resolve(ctx.instanceDir);
  const cwd = path.resolve(instanceDir, plan.cwd);
  const base = { args: plan.args, cwd, env: plan.env };
  if (Object.keys(plan.env).some((name) => name.toUpperCase() === 'PATH'))
    throw new StartCommandError(
      'start() may not set PATH: programs are looked up on the system PATH',
    );
  if (plan.command.includes('\0')) throw new StartCommandError('the command contains a NUL byte');
  if (!plan.command.includes('/')) return { command: plan.command, ...base };
  const program = path.resolve(cwd, plan.command);
  if (isInside(program, instanceDir) && program !== instanceDir)
    return { ...base, command: EXEC_SHELL, args: ['-c', EXEC_SCRIPT, program, ...plan.args] };
  const own = definitionFolder(ctx.definitionUrl);
  if (
    program === process.execPath ||
    SYSTEM_PROGRAM_DIRS.some((dir) => isInside(program, dir)) ||
    (own !== null && own !== '/' && isInside(program, own))
  )
    return { command: program, ...base };
  throw new StartCommandError(
    `start() may not run ${plan.command}: a definition runs a program from the system PATH or /usr, Hearth's Node (process.execPath), its own folder, or the instance folder`,
  );
}
