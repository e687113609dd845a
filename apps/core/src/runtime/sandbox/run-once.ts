// Runs one short program to its end in an instance's sandbox, exactly as the game would run there
// (same wrap: mounts, uid, cgroups), and hands back its exit and output: `java -version` on a Java
// command a person chose, the Forge installer on a jar that sits in a user-writable folder. The core
// never executes such a program itself.
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import type { LaunchPlan } from '../supervisor/game-process.ts';
import { captureIdentity, signalIdentifiedTree } from './process-identity.ts';
import type { SandboxLaunch, WrappedLaunch } from './sandbox.ts';

/** Output kept in `RunOnceResult.output` when the caller names no limit. */
export const RUN_ONCE_OUTPUT_BYTES = 64 * 1024;

export interface RunOnceOptions {
  /**
   * The sandbox and the instance it runs for (its folder, id, limits). Null: a plain child process
   * of the core — only for `--isolation none`, where the owner chose that and is warned.
   */
  sandbox: SandboxLaunch | null;
  /** Killed (the whole tree) after this long; the result then says `timedOut`. None by default. */
  timeoutMs?: number;
  /** Kills the run and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** stdout and stderr kept in the result, in arrival order; what comes later is dropped. */
  maxOutputBytes?: number;
  /** Each complete line of stdout or stderr as it arrives (without its terminator). */
  onLine?: (line: string) => void;
}

export interface RunOnceResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr as they arrived, at most `maxOutputBytes`. */
  output: string;
  timedOut: boolean;
  /** It ran inside bubblewrap (false without a sandbox, or where bubblewrap does not work). */
  sandboxed: boolean;
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new DOMException('This operation was aborted', 'AbortError');
}

function eachLine(stream: Readable, onLine: (line: string) => void): void {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    pending += decoder.write(chunk);
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  stream.on('end', () => {
    pending += decoder.end();
    if (pending !== '') onLine(pending);
    pending = '';
  });
}

/** Spawns `plan` in the sandbox (or plainly, see `RunOnceOptions.sandbox`) and waits for its end. */
export async function runOnce(plan: LaunchPlan, opts: RunOnceOptions): Promise<RunOnceResult> {
  opts.signal?.throwIfAborted();
  const wrapped = opts.sandbox ? await opts.sandbox.sandbox.wrap(plan, opts.sandbox.request) : null;
  try {
    opts.signal?.throwIfAborted();
    return await spawnToEnd(wrapped?.plan ?? plan, wrapped, opts);
  } finally {
    await wrapped?.cleanup();
  }
}

function spawnToEnd(
  plan: LaunchPlan,
  wrapped: WrappedLaunch | null,
  opts: RunOnceOptions,
): Promise<RunOnceResult> {
  return new Promise((resolve, reject) => {
    const limit = opts.maxOutputBytes ?? RUN_ONCE_OUTPUT_BYTES;
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let timedOut = false;
    let settled = false;

    const child = spawn(plan.command, plan.args, {
      cwd: plan.cwd,
      // A wrapped plan gets its environment rebuilt inside the sandbox.
      env: { ...process.env, ...(wrapped ? {} : plan.env) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

    const killTree = async (): Promise<void> => {
      const pid = child.pid;
      if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      const identity = wrapped ? await wrapped.identify(pid) : captureIdentity(pid);
      if (identity === null || signalIdentifiedTree(identity, 'SIGKILL') === 0)
        child.kill('SIGKILL');
    };
    const onAbort = (): void => void killTree();
    const timer =
      opts.timeoutMs === undefined
        ? null
        : setTimeout(() => {
            timedOut = true;
            void killTree();
          }, opts.timeoutMs);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      outcome();
    };

    const keep = (chunk: Buffer): void => {
      if (keptBytes >= limit) return;
      const part = chunk.subarray(0, limit - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    if (opts.onLine) {
      eachLine(child.stdout, opts.onLine);
      eachLine(child.stderr, opts.onLine);
    }

    child.on('error', (error) => finish(() => reject(error)));
    child.on('close', (code, signal) => {
      finish(() => {
        if (opts.signal?.aborted) return reject(abortReason(opts.signal));
        resolve({
          code,
          signal,
          output: Buffer.concat(kept).toString('utf8'),
          timedOut,
          sandboxed: wrapped?.sandboxed ?? false,
        });
      });
    });
  });
}
