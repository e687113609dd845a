import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CoreEndpoint } from '../../runtime/macros/core-endpoint.ts';
import { denoBinaryPath } from '../../runtime/macros/deno-binary.ts';
import { denoEnv, denoRunArgs, sdkDir, writeImportMap } from '../../runtime/macros/deno-command.ts';
import { MacroProcess } from '../../runtime/macros/macro-process.ts';
import { DEFAULT_OUTPUT_LIMITS } from '../../runtime/macros/output-throttle.ts';
import type { TaskInit } from '../../runtime/macros/sdk/task-context.ts';
import type { MacroRunnerOptions } from './macro-service.ts';

const DEFAULT_MEMORY_MB = 256;

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
}

/** Turns a run request into one Deno process (see runtime/macros/README.md for every flag). */
export class TaskLauncher {
  private importMapPath: string | null = null;
  private readonly denoDir: string;
  private readonly cacheDir: string;

  constructor(
    dataDir: string,
    private readonly options: MacroRunnerOptions,
    private readonly log: { info(msg: string): void; warn(msg: string): void },
  ) {
    this.cacheDir = path.join(dataDir, 'cache', 'macros');
    this.denoDir = path.join(dataDir, 'cache', 'deno');
  }

  /** Writes the import map and makes Deno's cache folder (once, at boot). */
  async prepare(): Promise<void> {
    await mkdir(this.denoDir, { recursive: true });
    this.importMapPath = await writeImportMap(this.cacheDir);
  }

  async launch(request: LaunchRequest): Promise<MacroProcess> {
    const denoPath = this.options.denoPath ?? denoBinaryPath();
    this.importMapPath ??= await writeImportMap(this.cacheDir);
    const { endpoint } = request;
    const init: TaskInit = {
      ...request.init,
      api: endpoint.api,
      main: pathToFileURL(request.entry).href,
    };
    const extraPaths = request.listedDir === request.instanceDir ? [] : [request.listedDir];
    return MacroProcess.start({
      spec: {
        command: denoPath,
        args: denoRunArgs({
          importMapPath: this.importMapPath,
          netAllow: endpoint.netAllow,
          memoryMb: this.options.memoryMb ?? DEFAULT_MEMORY_MB,
          extraPaths,
          insecureTlsHost: endpoint.insecureTlsHost,
          args: request.args,
        }),
        cwd: request.instanceDir,
        env: denoEnv(this.denoDir),
      },
      context: {
        instanceDir: request.instanceDir,
        readOnly: [denoPath, sdkDir(), this.importMapPath],
        writable: [this.denoDir],
        netAllow: endpoint.netAllow,
      },
      ...(this.options.wrap ? { wrap: this.options.wrap } : {}),
      stdin: `${JSON.stringify(init)}\n`,
      limits: this.options.outputLimits ?? DEFAULT_OUTPUT_LIMITS,
      onLine: (line) => this.log.info(`[macro ${request.label}] ${line}`),
      onDropped: (count) =>
        this.log.warn(`[macro ${request.label}] ${count} output lines dropped (rate limit)`),
    });
  }
}
