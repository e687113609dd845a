import { LineSplitter } from '../console/line-splitter.ts';
import { OutputPacer } from '../console/output-pacer.ts';
import {
  captureIdentity,
  signalIdentified,
  signalIdentifiedTree,
  withoutExe,
  type ProcessIdentity,
} from '../sandbox/process-identity.ts';
import type { SandboxLaunch, WrappedLaunch } from '../sandbox/sandbox.ts';
import { spawnHelper, type HelperChild } from './spawn-client.ts';

/** What to run for one server start (built by a game handler). */
export interface LaunchPlan {
  command: string;
  args: string[];
  /** Absolute working directory (inside the instance folder). */
  cwd: string;
  /** Added to the core's environment. */
  env?: Record<string, string>;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface GameProcessHandlers {
  /** One output line with its terminator; stdout and stderr alike (core-api.md §3.6). */
  onLine(line: string, stream: 'stdout' | 'stderr'): void;
}

/** After the process exits, how long to wait for its pipes to drain (a grandchild may hold them). */
const DRAIN_AFTER_EXIT_MS = 1000;

/**
 * One spawned server process: stdio pipes, output split into lines, its exit as a promise that
 * settles only after every line was delivered. Spawned by the spawn helper (spawn-client.ts) in the
 * core's process group; its pipes are the core's.
 */
export class GameProcess {
  readonly pid: number;
  /** Unix ms when the process was spawned. */
  readonly startedAt = Date.now();
  readonly exited: Promise<ExitInfo>;
  /** Pid and start time (and executable) recorded at spawn; null only if it exited at once. */
  identity: ProcessIdentity | null = null;
  private exitInfo: ExitInfo | null = null;
  private outputPaused = false;
  private onPauseChange: () => void = () => undefined;
  private readonly pacers: OutputPacer[] = [];

  private constructor(
    private readonly child: HelperChild,
    handlers: GameProcessHandlers,
    /** The sandbox around this process (limits, usage, cleanup); null when run as is. */
    readonly sandbox: WrappedLaunch | null = null,
  ) {
    this.pid = child.pid;
    const out = new LineSplitter((line) => handlers.onLine(line, 'stdout'));
    const err = new LineSplitter((line) => handlers.onLine(line, 'stderr'));
    // A server that closed its stdin must not crash the core when we write to it.
    child.stdin.on('error', () => undefined);
    let armQuietTimer: () => void = () => undefined;
    const stdout = new OutputPacer(child.stdout, (chunk) => {
      out.push(chunk);
      armQuietTimer();
    });
    const stderr = new OutputPacer(child.stderr, (chunk) => {
      err.push(chunk);
      armQuietTimer();
    });
    this.pacers.push(stdout, stderr);
    this.exited = new Promise<ExitInfo>((resolve) => {
      let info: ExitInfo | null = null;
      let done = false;
      let quietTimer: NodeJS.Timeout | null = null;
      const finish = (final: ExitInfo) => {
        if (done) return;
        done = true;
        if (quietTimer) clearTimeout(quietTimer);
        stdout.flush();
        stderr.flush();
        out.end();
        err.end();
        child.stdout.destroy();
        child.stderr.destroy();
        this.exitInfo = final;
        // The sandbox's cgroups go only once everything in them is gone.
        void (sandbox?.cleanup() ?? Promise.resolve()).then(() => resolve(final));
      };
      // After the exit a grandchild may still hold the pipes open: give up after a quiet spell, but
      // never while the viewers' flow control holds the output (that output is still to come).
      armQuietTimer = () => {
        if (quietTimer) clearTimeout(quietTimer);
        quietTimer = null;
        if (info === null || this.outputPaused) return;
        const final = info;
        quietTimer = setTimeout(() => finish(final), DRAIN_AFTER_EXIT_MS);
        quietTimer.unref();
      };
      this.onPauseChange = armQuietTimer;
      child.onClose((code, signal) => finish({ code, signal }));
      child.onExit((code, signal, lost) => {
        // The spawn helper is gone: the process may live on unsupervised, so it goes now.
        if (lost) this.killTree();
        info = { code, signal };
        armQuietTimer();
      });
    });
  }

  /**
   * Spawns the plan (through the sandbox when one is given); resolves once the OS started it and
   * its identity is recorded, rejects with the spawn (or sandbox) error otherwise.
   */
  static async start(
    plan: LaunchPlan,
    handlers: GameProcessHandlers,
    sandbox?: SandboxLaunch,
  ): Promise<GameProcess> {
    const wrapped = sandbox ? await sandbox.sandbox.wrap(plan, sandbox.request) : null;
    let proc: GameProcess;
    try {
      proc = await GameProcess.spawn(wrapped?.plan ?? plan, handlers, wrapped);
    } catch (err) {
      await wrapped?.cleanup();
      throw err;
    }
    proc.identity = wrapped ? await wrapped.identify(proc.pid) : captureIdentity(proc.pid);
    return proc;
  }

  /** Gets the spawner ready ahead of a `start` (see SpawnHelper.warm). */
  static warm(): void {
    spawnHelper.warm();
  }

  private static async spawn(
    plan: LaunchPlan,
    handlers: GameProcessHandlers,
    wrapped: WrappedLaunch | null,
  ): Promise<GameProcess> {
    // The fork happens in the spawn helper, off the core's event loop (spawn-client.ts); it adds
    // plan.env to the core's environment, as a spawn here did.
    const child = await spawnHelper.spawn({
      command: plan.command,
      args: plan.args,
      cwd: plan.cwd,
      env: plan.env,
    });
    return new GameProcess(child, handlers, wrapped);
  }

  get running(): boolean {
    return this.exitInfo === null;
  }

  /** Stops (true) or resumes (false) reading the server's output; the full pipe then makes the server wait. */
  pauseOutput(paused: boolean): void {
    if (!this.running || paused === this.outputPaused) return;
    this.outputPaused = paused;
    for (const pacer of this.pacers) pacer.hold(paused);
    this.onPauseChange();
  }

  /** Writes one line to stdin; false if the pipe is gone. */
  writeLine(text: string): boolean {
    if (!this.running || this.child.stdin.destroyed || !this.child.stdin.writable) return false;
    this.child.stdin.write(`${text}\n`);
    return true;
  }

  /** A signal to the process itself (a graceful stop such as SIGTERM); in a sandbox, to the game inside. */
  signal(signal: NodeJS.Signals): void {
    if (!this.running) return;
    const target = this.identity && this.sandbox?.signalTarget(this.identity);
    if (target && signalIdentified(withoutExe(target)!, signal)) return;
    this.child.kill(signal);
  }

  /** SIGKILL to the process and every descendant, each checked against its recorded start time. */
  killTree(): void {
    if (!this.running) return;
    // Our own unreaped child: the start time is proof enough (its executable changes if it execs).
    const identity = withoutExe(this.identity);
    if (identity === null || signalIdentifiedTree(identity, 'SIGKILL') === 0)
      this.child.kill('SIGKILL');
  }
}
