import type { CausedBy, ExitReason, InstanceState } from '@hearth/protocol';
import { CoreError, badRequest, describeError } from '../../errors.ts';
import { loopTurn } from '../../lib/loop-turns.ts';
import { CrashGuard, type CrashPolicy } from './crash-guard.ts';
import type { SandboxLaunch } from '../sandbox/sandbox.ts';
import { GameProcess, type ExitInfo, type LaunchPlan } from './game-process.ts';
import type { StopMethod } from './stop-method.ts';

/** Everything one run of a server needs, prepared by its game handler just before the spawn. */
export interface StartSession {
  plan: LaunchPlan;
  stop: StopMethod;
  /** Handles one output line; returns true when the line says the server finished starting. */
  onLine(line: string, stream: 'stdout' | 'stderr'): boolean;
  /** The game prints no "started" line: Running as soon as the process is spawned. */
  runningOnSpawn?: boolean;
  /** Called once the process is gone (after its last line). */
  onExit?(): void;
  /** Run the plan in this sandbox (absent: run it as is). */
  sandbox?: SandboxLaunch;
}

export interface SupervisorHooks {
  prepare(): Promise<StartSession>;
  /** `reason`: why the process ended, on the state its end brings (absent otherwise). */
  onState(to: InstanceState, causedBy: CausedBy, details: string, reason?: ExitReason): void;
  onError(message: string, causedBy: CausedBy, reason?: ExitReason): void;
  onProcessStarted?(process: GameProcess): void;
  onProcessEnded?(process: GameProcess): void;
  restartOnCrash(): boolean;
  stopTimeoutMs(): number;
}

const SYSTEM: CausedBy = { type: 'System' };

function describeExit(info: ExitInfo): string {
  if (info.signal) return `killed by ${info.signal}`;
  return `exit code ${info.code ?? 'unknown'}`;
}

/**
 * Why the kernel ended it when its sandbox's memory limit did (the exit alone only says SIGKILL or
 * 137); the limit may be a default the owner never set (runtime/sandbox/default-limits.ts).
 */
function memoryNote(proc: GameProcess): string {
  const sandbox = proc.sandbox;
  if ((sandbox?.usage()?.oomKills ?? 0) === 0) return '';
  const limit = sandbox?.limits.memoryBytes;
  return limit === undefined
    ? ', out of memory'
    : `, out of memory: it passed its memory limit of ${Math.round(limit / (1024 * 1024))} MiB`;
}

interface StopRequest {
  causedBy: CausedBy;
  killed: boolean;
  details: string;
}

/**
 * The state machine of core-api.md §3.4 with Hearth's fixes: stop falls back to a kill after the
 * grace period, kill answers success, a crash (non-zero exit, a signal we did not send, or any exit
 * while starting) restarts the server when restart_on_crash is on — at most `maxRestarts` times per
 * window, then the instance goes to Error with the reason. Every transition is reported through
 * `hooks.onState` exactly once.
 */
export class InstanceSupervisor {
  private current: InstanceState = 'Stopped';
  private proc: GameProcess | null = null;
  private session: StartSession | null = null;
  /** Bumped whenever a pending launch must be abandoned (kill during prepare, shutdown). */
  private attempt = 0;
  private stopRequest: StopRequest | null = null;
  private startCause: CausedBy = SYSTEM;
  private stopTimer: NodeJS.Timeout | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private shuttingDown = false;
  private readonly guard: CrashGuard;

  constructor(
    private readonly hooks: SupervisorHooks,
    private readonly policy: CrashPolicy,
  ) {
    this.guard = new CrashGuard(policy);
  }

  get state(): InstanceState {
    return this.current;
  }

  get process(): GameProcess | null {
    return this.proc;
  }

  /** True while a process exists or a start is under way. */
  get busy(): boolean {
    return this.proc !== null || this.current === 'Starting' || this.current === 'Stopping';
  }

  /** Starts the server; resolves once the process is spawned (not when it is Running). */
  async start(causedBy: CausedBy): Promise<void> {
    switch (this.current) {
      case 'Starting':
        throw badRequest('Cannot start an instance that is already starting');
      case 'Running':
        throw badRequest('Cannot start an instance that is already running');
      case 'Stopping':
        throw badRequest('Cannot start an instance that is stopping');
      case 'Stopped':
      case 'Error':
        break;
    }
    if (this.shuttingDown) throw badRequest('The core is shutting down');
    this.guard.reset();
    await this.launch(causedBy, 'Starting server', { userFacing: true, announce: true });
  }

  /** Sends the stop command (or signal); kills the server if it has not exited after the grace period. */
  stop(causedBy: CausedBy): void {
    switch (this.current) {
      case 'Stopped':
      case 'Error':
        throw badRequest('Cannot stop an instance that is already stopped');
      case 'Starting':
        throw badRequest('Cannot stop an instance that is starting (kill it instead)');
      case 'Stopping':
        throw badRequest('Cannot stop an instance that is already stopping');
      case 'Running':
        break;
    }
    this.requestStop(causedBy);
  }

  /** Stops and waits for the process to be gone. */
  async stopAndWait(causedBy: CausedBy): Promise<void> {
    const proc = this.proc;
    this.stop(causedBy);
    if (proc) await proc.exited;
  }

  /** SIGKILL to the server's process tree; resolves once it is gone and the state is Stopped. */
  async kill(causedBy: CausedBy): Promise<void> {
    if (this.proc === null && (this.current === 'Stopped' || this.current === 'Error')) {
      throw badRequest('Instance is already stopped');
    }
    this.clearRestartTimer();
    const proc = this.proc;
    if (proc === null) {
      // Killed while preparing or waiting to restart: abandon that launch.
      this.attempt++;
      this.setState('Stopped', causedBy, 'Start cancelled');
      return;
    }
    this.stopRequest = { causedBy, killed: true, details: 'Server process killed' };
    proc.killTree();
    await proc.exited;
  }

  /** Running: stop then start in the background. Stopped or Error: start. */
  async restart(causedBy: CausedBy): Promise<void> {
    switch (this.current) {
      case 'Starting':
        throw badRequest('Cannot restart an instance that is starting');
      case 'Stopping':
        throw badRequest('Cannot restart an instance that is stopping');
      case 'Stopped':
      case 'Error':
        await this.start(causedBy);
        return;
      case 'Running':
        break;
    }
    const proc = this.proc;
    this.requestStop(causedBy);
    void (async () => {
      if (proc) await proc.exited;
      if (this.shuttingDown || this.current !== 'Stopped') return;
      try {
        await this.start(causedBy);
      } catch {
        // Already reported through onError / onState by launch().
      }
    })();
  }

  /** Writes a console line. Sending the stop command goes through stop() (grace period included). */
  sendCommand(command: string, causedBy: CausedBy): void {
    const proc = this.proc;
    if (proc === null || this.current === 'Stopped' || this.current === 'Error')
      throw badRequest('Instance is stopped');
    const stop = this.session?.stop;
    if (
      stop &&
      'command' in stop &&
      command.trim() === stop.command &&
      this.current === 'Running'
    ) {
      this.requestStop(causedBy);
      return;
    }
    if (!proc.writeLine(command))
      throw badRequest('The server is not reading commands (its input is closed)');
  }

  /** Core shutdown: stop gracefully (kill after the grace period) and wait; no more restarts. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    this.clearRestartTimer();
    const proc = this.proc;
    if (proc === null) {
      if (this.current === 'Starting') {
        this.attempt++;
        this.setState('Stopped', SYSTEM, 'Core shutting down');
      }
      return;
    }
    if (this.current !== 'Stopping') this.requestStop(SYSTEM, 'Core shutting down');
    await proc.exited;
  }

  private requestStop(causedBy: CausedBy, details = 'Stopping server'): void {
    const proc = this.proc;
    const session = this.session;
    if (proc === null || session === null) return;
    const request: StopRequest = { causedBy, killed: false, details: '' };
    this.stopRequest = request;
    this.setState('Stopping', causedBy, details);
    const method = session.stop;
    // Finding the game inside its sandbox reads /proc: thirty stops at once do it one per turn.
    void loopTurn().then(() => {
      // Gone meanwhile, or killed (which signals the whole tree itself).
      if (this.proc !== proc || this.stopRequest !== request) return;
      if ('command' in method) {
        if (!proc.writeLine(method.command)) proc.signal('SIGTERM');
      } else {
        proc.signal(method.signal);
      }
    });
    const timeout = this.hooks.stopTimeoutMs();
    this.stopTimer = setTimeout(() => {
      if (this.proc !== proc) return;
      this.stopRequest = {
        causedBy,
        killed: true,
        details: `Server did not stop within ${Math.round(timeout / 1000)} s and was killed`,
      };
      proc.killTree();
    }, timeout);
    this.stopTimer.unref();
  }

  /** `announce: false` when Starting was already reported (an automatic restart after its delay). */
  private async launch(
    causedBy: CausedBy,
    details: string,
    { userFacing, announce }: { userFacing: boolean; announce: boolean },
  ): Promise<void> {
    const attempt = ++this.attempt;
    this.startCause = causedBy;
    this.stopRequest = null;
    if (announce) this.setState('Starting', causedBy, details);
    else this.current = 'Starting';
    let session: StartSession;
    let proc: GameProcess;
    try {
      GameProcess.warm();
      // Many starts at once: each prepares, and later spawns, on a turn of its own (loop-turns.ts).
      await loopTurn();
      if (attempt !== this.attempt) return;
      session = await this.hooks.prepare();
      if (attempt !== this.attempt) return;
      await loopTurn();
      if (attempt !== this.attempt) return;
      let isCurrent = false;
      const pending: [string, 'stdout' | 'stderr'][] = [];
      proc = await GameProcess.start(
        session.plan,
        {
          onLine: (line, stream) => {
            if (!isCurrent) pending.push([line, stream]);
            else this.onLine(proc, session, line, stream);
          },
        },
        session.sandbox,
      );
      if (attempt !== this.attempt) {
        proc.killTree();
        return;
      }
      this.proc = proc;
      this.session = session;
      isCurrent = true;
      this.hooks.onProcessStarted?.(proc);
      for (const [line, stream] of pending) this.onLine(proc, session, line, stream);
      if (session.runningOnSpawn && this.current === 'Starting')
        this.setState('Running', causedBy, '');
    } catch (err) {
      if (attempt !== this.attempt) return;
      const message = `Failed to start the server: ${describeError(err)}`;
      this.hooks.onError(message, causedBy);
      this.setState('Error', causedBy, message);
      if (!userFacing) return;
      // Errors that carry a kind (Minecraft, Core) keep it; a spawn failure is a setup problem.
      if (
        err instanceof CoreError ||
        (err && typeof err === 'object' && 'kind' in err && 'causes' in err)
      )
        throw err;
      throw badRequest(message);
    }
    void proc.exited.then((info) => this.onExit(proc, session, info));
  }

  private onLine(
    proc: GameProcess,
    session: StartSession,
    line: string,
    stream: 'stdout' | 'stderr',
  ): void {
    const started = session.onLine(line, stream);
    if (started && this.proc === proc && this.current === 'Starting')
      this.setState('Running', this.startCause, '');
  }

  private onExit(proc: GameProcess, session: StartSession, info: ExitInfo): void {
    if (this.proc !== proc) return;
    this.proc = null;
    this.session = null;
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = null;
    session.onExit?.();
    this.hooks.onProcessEnded?.(proc);
    const request = this.stopRequest;
    this.stopRequest = null;
    const wasStarting = this.current === 'Starting';
    if (request) {
      const reason = request.killed ? 'killed' : 'stopped';
      this.setState('Stopped', request.causedBy, request.details || 'Instance stopped', reason);
      return;
    }
    if (!wasStarting && info.code === 0 && info.signal === null) {
      const details = 'Instance stopping as server process exited';
      this.setState('Stopped', this.startCause, details, 'exited');
      return;
    }
    const why = `${describeExit(info)}${memoryNote(proc)}${wasStarting ? ' while starting' : ''}`;
    if (this.shuttingDown || !this.hooks.restartOnCrash()) {
      const message = `Server crashed (${why})`;
      this.hooks.onError(message, SYSTEM, 'crash');
      this.setState('Error', SYSTEM, message, 'crash');
      return;
    }
    const n = this.guard.tryRestart();
    if (n === null) {
      const message =
        `Server crashed (${why}) after ${this.policy.maxRestarts} restarts within ` +
        `${Math.round(this.policy.windowMs / 1000)} s; not restarting again (crash loop)`;
      this.hooks.onError(message, SYSTEM, 'crash');
      this.setState('Error', SYSTEM, message, 'crash');
      return;
    }
    this.setState('Stopped', SYSTEM, `Server crashed (${why})`, 'crash');
    const attempt = ++this.attempt;
    this.setState(
      'Starting',
      SYSTEM,
      `Restarting after a crash (${n} of ${this.policy.maxRestarts})`,
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (attempt !== this.attempt || this.current !== 'Starting' || this.shuttingDown) return;
      void this.launch(SYSTEM, '', { userFacing: false, announce: false });
    }, this.policy.delayMs);
    this.restartTimer.unref();
  }

  private clearRestartTimer(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
  }

  private setState(
    to: InstanceState,
    causedBy: CausedBy,
    details: string,
    reason?: ExitReason,
  ): void {
    this.current = to;
    this.hooks.onState(to, causedBy, details, reason);
  }
}
