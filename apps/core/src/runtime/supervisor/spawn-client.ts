// The core's side of the spawn helper (spawn-helper.mjs). `child_process.spawn` forks the whole
// core on its one thread: 10–15 ms for a core of ~150 MiB on a quiet machine, 40 ms and more on a
// busy one (issue 26: a 30-instance start/stop burst held `/instance/list` for over a second, the
// profile's largest self time was `ChildProcess.spawn`). A small Node process forked once does
// those forks instead and hands the child's pipes back over its IPC socket; the core then owns
// the pipes exactly as before, and the helper reports each exit and sends the signals the core
// asks for (to its own unreaped child, so never to a recycled pid).
import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { corePath } from '../../lib/core-paths.ts';

const HELPER_PATH = corePath('src', 'runtime', 'supervisor', 'spawn-helper.mjs');

/**
 * What to spawn: the command line, the folder, and what to add to the core's environment (the
 * helper holds a copy of it, taken when it was forked: the core never changes its own).
 */
export interface SpawnRequest {
  command: string;
  args: readonly string[];
  cwd: string;
  env?: Record<string, string>;
}

export type ExitListener = (
  code: number | null,
  signal: NodeJS.Signals | null,
  /** The helper went away before it could say: the child may still run, unsupervised. */
  lost: boolean,
) => void;

/** A child spawned by the helper: its pipes (owned by the core), its exit, its signals. */
export interface HelperChild {
  readonly pid: number;
  readonly stdin: Socket;
  readonly stdout: Socket;
  readonly stderr: Socket;
  /** Once, when the helper reaped it (or was lost). */
  onExit(listener: ExitListener): void;
  /** Once, after the exit and the end of both output pipes (like ChildProcess 'close'). */
  onClose(listener: ExitListener): void;
  kill(signal: NodeJS.Signals): void;
}

interface HelperMessage {
  t?: unknown;
  id?: unknown;
  pid?: unknown;
  code?: unknown;
  signal?: unknown;
  message?: unknown;
}

interface Pending {
  resolve(child: HelperChild): void;
  reject(error: Error): void;
  pid?: number;
  stdin?: Socket;
  stdout?: Socket;
}

class RemoteChild implements HelperChild {
  private exit: Parameters<ExitListener> | null = null;
  private readonly exitListeners: ExitListener[] = [];
  private readonly closeListeners: ExitListener[] = [];
  private openPipes = 2;

  constructor(
    readonly pid: number,
    readonly stdin: Socket,
    readonly stdout: Socket,
    readonly stderr: Socket,
    private readonly signalChild: (signal: NodeJS.Signals) => void,
  ) {
    // A pipe arrives reading: one without output may have ended and closed before the last of
    // the three came (a socket emits 'end' at its EOF when nothing is buffered).
    for (const pipe of [stdout, stderr])
      if (pipe.closed) this.openPipes--;
      else
        pipe.once('close', () => {
          this.openPipes--;
          this.maybeClose();
        });
  }

  exited(code: number | null, signal: NodeJS.Signals | null, lost: boolean): void {
    if (this.exit) return;
    this.exit = [code, signal, lost];
    for (const listener of this.exitListeners.splice(0)) listener(code, signal, lost);
    this.maybeClose();
  }

  private maybeClose(): void {
    if (this.exit === null || this.openPipes > 0) return;
    const [code, signal, lost] = this.exit;
    for (const listener of this.closeListeners.splice(0)) listener(code, signal, lost);
  }

  onExit(listener: ExitListener): void {
    if (this.exit) listener(...this.exit);
    else this.exitListeners.push(listener);
  }

  onClose(listener: ExitListener): void {
    this.closeListeners.push(listener);
    this.maybeClose();
  }

  kill(signal: NodeJS.Signals): void {
    if (this.exit === null) this.signalChild(signal);
  }
}

function isSignal(value: unknown): value is NodeJS.Signals {
  return typeof value === 'string' && value.startsWith('SIG');
}

/** The helper process, forked on first use and again after it was lost. */
export class SpawnHelper {
  private proc: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly live = new Map<number, RemoteChild>();

  constructor(private readonly helperPath = HELPER_PATH) {}

  /** Spawns through the helper; resolves once the child runs and its pipes are the core's. */
  spawn(request: SpawnRequest): Promise<HelperChild> {
    const helper = this.helper();
    const id = this.nextId++;
    return new Promise<HelperChild>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.holdOpen();
      helper.send({ t: 'spawn', id, ...request }, (error) => {
        if (!error) return;
        this.pending.delete(id);
        this.letGo();
        reject(error);
      });
    });
  }

  /**
   * Forks the helper now if it is not running: a start calls it before preparing its launch, so
   * the helper's own boot (a Node process, tens of ms) overlaps the preparation instead of
   * following it. It keeps nothing alive by itself.
   */
  warm(): void {
    this.helper();
  }

  /** The helper's pid (null before the first spawn): for the benchmarks' process listings. */
  get pid(): number | null {
    return this.proc?.pid ?? null;
  }

  private helper(): ChildProcess {
    if (this.proc) return this.proc;
    // No loader flags or profiling options of the core: the helper is plain JavaScript.
    const proc = fork(this.helperPath, [], {
      execArgv: [],
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        ...(process.env.NODE_OPTIONS === undefined
          ? {}
          : { HEARTH_CORE_NODE_OPTIONS: process.env.NODE_OPTIONS }),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'json',
    });
    proc.on('message', (message: HelperMessage, handle: unknown) =>
      this.onMessage(message, handle as Socket | undefined),
    );
    proc.once('exit', () => this.lost(proc));
    proc.on('error', () => this.lost(proc));
    // Only a launch in flight or a live child keeps the core's event loop (and a test) alive.
    proc.unref();
    proc.channel?.unref();
    this.proc = proc;
    return proc;
  }

  private holdOpen(): void {
    if (this.pending.size + this.live.size === 1) this.proc?.channel?.ref();
  }

  private letGo(): void {
    if (this.pending.size + this.live.size === 0) this.proc?.channel?.unref();
  }

  private onMessage(message: HelperMessage, handle: Socket | undefined): void {
    const id = typeof message.id === 'number' ? message.id : -1;
    const pending = this.pending.get(id);
    switch (message.t) {
      case 'spawned':
        if (pending && handle && typeof message.pid === 'number') {
          pending.pid = message.pid;
          pending.stdin = handle;
        }
        return;
      case 'stdout':
        if (pending && handle) pending.stdout = handle;
        return;
      case 'stderr': {
        if (!pending || !handle || pending.pid === undefined || !pending.stdin || !pending.stdout)
          return;
        this.pending.delete(id);
        const child = new RemoteChild(
          pending.pid,
          pending.stdin,
          pending.stdout,
          handle,
          (signal) => this.proc?.send({ t: 'kill', id, signal }),
        );
        this.live.set(id, child);
        pending.resolve(child);
        return;
      }
      case 'error': {
        if (!pending) return;
        this.pending.delete(id);
        this.letGo();
        const error = new Error(
          typeof message.message === 'string' ? message.message : 'spawn failed',
        ) as NodeJS.ErrnoException;
        if (typeof message.code === 'string') error.code = message.code;
        pending.reject(error);
        return;
      }
      case 'exit': {
        const child = this.live.get(id);
        if (!child) return;
        this.live.delete(id);
        this.letGo();
        child.exited(
          typeof message.code === 'number' ? message.code : null,
          isSignal(message.signal) ? message.signal : null,
          false,
        );
        return;
      }
    }
  }

  /** The helper exited: nothing more will be said about its children. */
  private lost(proc: ChildProcess): void {
    if (this.proc !== proc) return;
    this.proc = null;
    const error = new Error('The spawn helper exited before the launch was started');
    for (const pending of this.pending.values()) {
      pending.stdin?.destroy();
      pending.stdout?.destroy();
      pending.reject(error);
    }
    this.pending.clear();
    const children = [...this.live.values()];
    this.live.clear();
    for (const child of children) child.exited(null, 'SIGKILL', true);
  }

  /** Lets the helper go (its children are the caller's to have stopped first). */
  close(): void {
    const proc = this.proc;
    if (proc?.connected) proc.disconnect();
  }
}

/** The one helper of this core process. */
export const spawnHelper = new SpawnHelper();
