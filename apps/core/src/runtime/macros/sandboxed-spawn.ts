import type { Sandbox } from '../sandbox/index.ts';
import type { SpawnWrap } from './macro-process.ts';

/**
 * What Deno needs beyond its V8 heap ceiling (its own code and buffers, the sandbox's private
 * /tmp): the sandbox's memory limit is the heap ceiling plus this.
 */
export const NATIVE_HEADROOM_MB = 128;

export interface SandboxedTask {
  /** Names the task's cgroup (letters, digits, `-`, `_`, `.`). */
  instanceId: string;
  /** The instance whose sandbox uid the task runs as (it writes that instance's folder). */
  owner: string;
  /** The task's V8 heap ceiling in MiB. */
  memoryMb: number;
}

/**
 * The macro process's spawn seam filled by the core's sandbox (runtime/sandbox): the instance
 * folder is the only writable folder besides Deno's own cache, the Deno binary, the SDK and the
 * import map are read-only, the data directory is hidden, and the memory ceiling is a cgroup limit
 * too. Deno's own permission flags stay as they are inside (defence in depth).
 */
export function sandboxWrap(sandbox: Sandbox, task: SandboxedTask): SpawnWrap {
  return async (spec, context) => {
    const wrapped = await sandbox.wrap(
      { command: spec.command, args: spec.args, cwd: spec.cwd, env: spec.env },
      {
        instanceDir: context.instanceDir,
        instanceId: task.instanceId,
        owner: task.owner,
        runtimeReadOnly: context.readOnly,
        writable: context.writable,
        limits: { memoryBytes: (task.memoryMb + NATIVE_HEADROOM_MB) * 1024 * 1024 },
      },
    );
    const { plan } = wrapped;
    return {
      // bubblewrap builds the task's environment inside; the launcher itself needs none.
      spec: { command: plan.command, args: plan.args, cwd: plan.cwd, env: plan.env ?? {} },
      cleanup: () => wrapped.cleanup(),
      outOfMemory: () => (wrapped.usage()?.oomKills ?? 0) > 0,
    };
  };
}
