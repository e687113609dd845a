import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../../lib/logger.ts';
import type { CoreEndpoint } from '../../runtime/macros/core-endpoint.ts';
import { denoBinaryPath } from '../../runtime/macros/deno-binary.ts';
import { denoEnv, denoRunArgs, sdkDir, writeImportMap } from '../../runtime/macros/deno-command.ts';
import { MacroProcess } from '../../runtime/macros/macro-process.ts';
import { DEFAULT_OUTPUT_LIMITS, type OutputLimits } from '../../runtime/macros/output-throttle.ts';
import { sandboxWrap } from '../../runtime/macros/sandboxed-spawn.ts';
import type { TaskInit } from '../../runtime/macros/sdk/task-context.ts';
import type { Sandbox } from '../../runtime/sandbox/index.ts';
import type { TaskOutput } from './task-output.ts';

const DEFAULT_MEMORY_MB = 256;

export interface MacroRunnerOptions {
  /** The Deno executable (default: the npm package `deno`). */
  denoPath?: string;
  /** V8 heap ceiling per task in MiB (default 256); the sandbox's memory limit follows it. */
  memoryMb?: number;
  outputLimits?: OutputLimits;
  /** The isolation sandbox every task runs in; null with `--isolation none`. */
  sandbox?: Sandbox | null;
}

export interface LaunchRequest {
  /** Real path of the instance folder: the working directory and the only readable/writable tree. */
  instanceDir: string;
  /** The instance folder as the core names it (InstanceInfo.path), also allowed when it differs. */
  listedDir: string;
  /** Real path of the macro's entry file. */
  entry: string;
  args: string[];
  endpoint: CoreEndpoint;
  init: Omit<TaskInit, 'api' | 'main'>;
  /** Names the task in the core's log. */
  label: string;
  /** Where the task's output lines go (kept with its history entry, streamed to its viewers). */
  output: TaskOutput;
}

/**
 * Turns a run request into one Deno process (see runtime/macros/README.md for every flag), inside
 * the core's sandbox when there is one. Each task has its own Deno cache folder, removed when it
 * ends: a task (through a link a game planted in its folder) could otherwise leave compiled code in
 * a cache that a later task — another author's, with more rights — would run.
 */
export class TaskLauncher {
  private importMapPath: string | null = null;
  private readonly denoRoot: string;
  private readonly cacheDir: string;

  constructor(
    dataDir: string,
    private readonly options: MacroRunnerOptions,
    private readonly log: Logger,
  ) {
    this.cacheDir = path.join(dataDir, 'cache', 'macros');
    this.denoRoot = path.join(dataDir, 'cache', 'deno');
  }

  /**
   * Writes the import map and removes the Deno caches a stopped core left (once, at boot, before any
   * task runs; `rm` never follows a link a task may have planted in them).
   */
  async prepare(): Promise<void> {
    this.importMapPath = await writeImportMap(this.cacheDir);
    await rm(this.denoRoot, { recursive: true, force: true });
  }

  /** Removes a deleted instance's Deno caches. */
  async forgetInstance(instanceUuid: string): Promise<void> {
    await rm(path.join(this.denoRoot, path.basename(instanceUuid)), {
      recursive: true,
      force: true,
    });
  }

  /** Removes an ended task's Deno cache. */
  async finished(instanceUuid: string, pid: number): Promise<void> {
    await rm(this.denoDirOf(instanceUuid, pid), { recursive: true, force: true });
  }

  async launch(request: LaunchRequest): Promise<MacroProcess> {
    const denoPath = this.options.denoPath ?? denoBinaryPath();
    this.importMapPath ??= await writeImportMap(this.cacheDir);
    const denoDir = this.denoDirOf(request.init.instanceUuid, request.init.pid);
    await rm(denoDir, { recursive: true, force: true });
    await mkdir(denoDir, { recursive: true, mode: 0o700 });
    const { endpoint } = request;
    const init: TaskInit = {
      ...request.init,
      api: endpoint.api,
      main: pathToFileURL(request.entry).href,
    };
    const extraPaths = request.listedDir === request.instanceDir ? [] : [request.listedDir];
    const memoryMb = this.options.memoryMb ?? DEFAULT_MEMORY_MB;
    const sandbox = this.options.sandbox ?? null;
    const limits = this.options.outputLimits ?? DEFAULT_OUTPUT_LIMITS;
    const { output, label } = request;
    return MacroProcess.start({
      spec: {
        command: denoPath,
        args: denoRunArgs({
          importMapPath: this.importMapPath,
          netAllow: endpoint.netAllow,
          memoryMb,
          extraPaths,
          insecureTlsHost: endpoint.insecureTlsHost,
          args: request.args,
        }),
        cwd: request.instanceDir,
        env: denoEnv(denoDir),
      },
      context: {
        instanceDir: request.instanceDir,
        readOnly: [denoPath, sdkDir(), this.importMapPath],
        writable: [denoDir],
        netAllow: endpoint.netAllow,
      },
      ...(sandbox
        ? {
            wrap: sandboxWrap(sandbox, {
              instanceId: `${request.init.instanceUuid}-macro-${request.init.pid}`,
              owner: request.init.instanceUuid,
              memoryMb,
            }),
          }
        : {}),
      stdin: `${JSON.stringify(init)}\n`,
      limits,
      // The task's output is its own (History, the output socket); the core's log keeps it at
      // debug level only, and says when the rate limit dropped lines.
      onLine: (line) => {
        output.append(line);
        this.log.debug(`[macro ${label}] ${line}`);
      },
      onDropped: (count) => {
        output.dropped(count, `more than ${limits.linesPerWindow} lines in ${limits.windowMs} ms`);
        this.log.warn(`[macro ${label}] ${count} output lines dropped (rate limit)`);
      },
    });
  }

  private denoDirOf(instanceUuid: string, pid: number): string {
    // Instance uuids are made by the core (INSTANCE_<uuid>); never a path of their own.
    return path.join(this.denoRoot, path.basename(instanceUuid), String(pid));
  }
}
