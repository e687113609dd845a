import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { LineSplitter } from '../console/line-splitter.ts';
import { processStartTicks, signalTree } from '../supervisor/process-tree.ts';
import { OutputThrottle, type OutputLimits } from './output-throttle.ts';
import { STARTED_MARKER } from './sdk/task-context.ts';

/** What is about to be spawned; the sandbox may rewrite it (e.g. prefix `bwrap …`). */
export interface SpawnSpec {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/** What the task needs to see, for a sandbox that builds its own view of the file system. */
export interface SandboxContext {
  /** The instance folder (real path): the task's working directory, read/write. */
  instanceDir: string;
  /** Read-only for the task: the Deno binary, the SDK, the import map. */
  readOnly: string[];
  /** Deno's own cache (DENO_DIR), written by Deno itself, not by the macro. */
  writable: string[];
  /** The core's API port on loopback, the only network the task may reach. */
  netAllow: string;
}

export interface WrappedSpawn {
  spec: SpawnSpec;
  /** Runs once the process has exited (and when spawning failed). */
  cleanup?: () => void | Promise<void>;
  /** Whether the kernel killed something of the task for passing its memory limit. */
  outOfMemory?: () => boolean;
}

/** The History message of a task the sandbox's memory limit ended. */
export const OUT_OF_MEMORY_MESSAGE = 'Out of memory: the task passed its memory limit';

/** The seam for an outer sandbox, applied right before spawn. */
export type SpawnWrap = (
  spec: SpawnSpec,
  context: SandboxContext,
) => WrappedSpawn | Promise<WrappedSpawn>;

export type MacroExit =
  { type: 'Success' } | { type: 'Killed' } | { type: 'Error'; error_msg: string };

export interface MacroProcessOptions {
  spec: SpawnSpec;
  context: SandboxContext;
  wrap?: SpawnWrap;
  /** Written to stdin, then stdin is closed (the bootstrap reads it whole). */
  stdin: string;
  limits: OutputLimits;
  /** One line of output (without its terminator) within the line budget. */
  onLine(line: string, stream: 'stdout' | 'stderr'): void;
  /** Lines dropped by the budget since the last report (called at most once per window). */
  onDropped(count: number): void;
}

/** After exit, how long to wait for the pipes to close (a grandchild may hold them). */
const DRAIN_AFTER_EXIT_MS = 1000;
const STDERR_TAIL_LINES = 64;
const ERROR_MSG_MAX_CHARS = 2000;

/** The message of a failed task from Deno's stderr: its `error: …` line, else V8's fatal one. */
export function errorMessageOf(stderrTail: string[], code: number | null, signal: string | null) {
  const errorLine = stderrTail.findLast((l) => l.startsWith('error: '));
  const fatal = stderrTail.findLast((l) => /out of memory|FATAL ERROR/i.test(l));
  const text =
    errorLine?.slice('error: '.length) ??
    fatal?.trim() ??
    (signal ? `Terminated by signal ${signal}` : `Exited with code ${code}`);
  return text.length > ERROR_MSG_MAX_CHARS ? `${text.slice(0, ERROR_MSG_MAX_CHARS)}…` : text;
}

/**
 * One task's Deno process: stdin carries the init, output is split into lines under an
 * OutputThrottle, the exit becomes a MacroExit. Killing signals the whole process tree, and only
 * while the pid still has the start time recorded at spawn (never a recycled pid).
 */
export class MacroProcess {
  readonly pid: number;
  readonly startTicks: string | null;
  readonly started: Promise<void>;
  readonly exited: Promise<MacroExit>;
  private killRequested = false;
  private running = true;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    options: MacroProcessOptions,
    cleanup: () => Promise<void>,
    outOfMemory: () => boolean,
  ) {
    this.pid = child.pid!;
    this.startTicks = processStartTicks(this.pid);
    let markStarted: () => void = () => undefined;
    this.started = new Promise((resolve) => (markStarted = resolve));
    const throttle = new OutputThrottle(options.limits, (paused) => {
      for (const stream of [child.stdout, child.stderr]) {
        if (paused) stream.pause();
        else stream.resume();
      }
    });
    const tail: string[] = [];
    let sawMarker = false;
    let lastDropReport = 0;
    const line = (stream: 'stdout' | 'stderr') => (raw: string) => {
      const text = raw.replace(/\r?\n$/, '');
      if (stream === 'stdout' && !sawMarker && text === STARTED_MARKER) {
        sawMarker = true;
        markStarted();
        return;
      }
      if (stream === 'stderr') {
        tail.push(text.slice(0, ERROR_MSG_MAX_CHARS));
        if (tail.length > STDERR_TAIL_LINES) tail.shift();
      }
      if (throttle.acceptLine()) options.onLine(text, stream);
      const now = Date.now();
      if (now - lastDropReport >= options.limits.windowMs) {
        const dropped = throttle.takeDropped();
        if (dropped > 0) {
          lastDropReport = now;
          options.onDropped(dropped);
        }
      }
    };
    const out = new LineSplitter(line('stdout'));
    const err = new LineSplitter(line('stderr'));
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin);
    child.stdout.on('data', (chunk: Buffer) => {
      throttle.onBytes(chunk.length);
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      throttle.onBytes(chunk.length);
      err.push(chunk);
    });
    this.exited = new Promise((resolve) => {
      let status: { code: number | null; signal: NodeJS.Signals | null } | null = null;
      let done = false;
      let drainTimer: NodeJS.Timeout | null = null;
      const finish = () => {
        if (done || status === null) return;
        done = true;
        if (drainTimer) clearTimeout(drainTimer);
        throttle.dispose();
        out.end();
        err.end();
        const dropped = throttle.takeDropped();
        if (dropped > 0) options.onDropped(dropped);
        child.stdout.destroy();
        child.stderr.destroy();
        markStarted();
        const { code, signal } = status;
        let exit: MacroExit;
        if (this.killRequested) exit = { type: 'Killed' };
        else if (code === 0) exit = { type: 'Success' };
        else if (outOfMemory()) exit = { type: 'Error', error_msg: OUT_OF_MEMORY_MESSAGE };
        else exit = { type: 'Error', error_msg: errorMessageOf(tail, code, signal) };
        void cleanup().finally(() => resolve(exit));
      };
      child.once('exit', (code, signal) => {
        this.running = false;
        status = { code, signal };
        throttle.lift();
        drainTimer = setTimeout(finish, DRAIN_AFTER_EXIT_MS);
        drainTimer.unref();
      });
      child.once('close', (code, signal) => {
        status ??= { code, signal };
        this.running = false;
        finish();
      });
    });
  }

  /** Spawns the (wrapped) spec; rejects with the spawn error (after the wrap's cleanup). */
  static async start(options: MacroProcessOptions): Promise<MacroProcess> {
    const wrapped: WrappedSpawn = options.wrap
      ? await options.wrap(options.spec, options.context)
      : { spec: options.spec };
    let cleaned = false;
    const cleanup = async () => {
      if (cleaned) return;
      cleaned = true;
      await Promise.resolve(wrapped.cleanup?.()).catch(() => undefined);
    };
    const { spec } = wrapped;
    try {
      const child = await new Promise<ChildProcessWithoutNullStreams>((resolve, reject) => {
        const c = spawn(spec.command, spec.args, {
          cwd: spec.cwd,
          env: spec.env,
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: false,
          windowsHide: true,
        });
        c.once('error', reject);
        c.once('spawn', () => {
          c.off('error', reject);
          c.on('error', () => undefined);
          resolve(c);
        });
      });
      return new MacroProcess(child, options, cleanup, () => wrapped.outOfMemory?.() ?? false);
    } catch (err) {
      await cleanup();
      throw err;
    }
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** SIGKILLs the process tree if it is still the process spawned (same pid and start time). */
  kill(): void {
    if (!this.running) return;
    this.killRequested = true;
    if (this.startTicks !== null) {
      if (processStartTicks(this.pid) === this.startTicks) signalTree(this.pid, 'SIGKILL');
    } else {
      this.child.kill('SIGKILL');
    }
  }
}
