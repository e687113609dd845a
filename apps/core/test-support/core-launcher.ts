// The one way tests, e2e and benchmarks start a real core in its own process (issue 24 §3): spawned
// with its own PID recorded (never a shell around it), on 127.0.0.1 and port 0 unless told, read
// until it prints the port it listens on and its first-run key, and ended by that PID only
// (SIGTERM with a grace period, then SIGKILL). What each caller adds on top (a request helper, an
// owner, a served dashboard) stays in its own support file.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CORE_SOURCE = path.join(REPO_ROOT, 'apps/core/src/main.ts');
const NPM_START = path.join(REPO_ROOT, 'scripts/start.mjs');

/**
 * `npm start` as the root package.json says it (`node [Node's flags] scripts/start.mjs`): the flags
 * it gives Node (a smaller young generation, say) are the product's, so whatever starts the core
 * "as npm start does" reads them from there.
 */
export function npmStartCommand(): { command: string; args: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const words = (manifest.scripts?.start ?? '').trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'scripts/start.mjs')
    throw new Error(
      `package.json's start script is not "node … scripts/start.mjs": ${words.join(' ')}`,
    );
  return { command: process.execPath, args: [...words.slice(1, -1), NPM_START] };
}

/**
 * What runs: `source` is `src/main.ts` through tsx (no build needed: core tests); `npm-start` is
 * `scripts/start.mjs` exactly as `npm start` runs it (builds what is stale, serves the dashboard:
 * e2e and benchmarks); or a command line of the caller's (a benchmark's BENCH_CORE_COMMAND).
 */
export type CoreEntry = 'source' | 'npm-start' | { command: string; args: string[] };

export interface LaunchOptions {
  entry: CoreEntry;
  dataDir: string;
  /** 0 (the default) lets the kernel choose; the core prints the port it got. */
  port?: number;
  /** More flags for the core, after the address, data dir and log level. */
  args?: string[];
  env?: Record<string, string>;
  /** RLIMIT_FSIZE in bytes, through util-linux `prlimit` (which execs in place: the PID stays the core's). */
  maxFileBytes?: number;
  /** How long the core may take to listen (`npm-start` may build the dashboard first). */
  startTimeoutMs?: number;
  /** Output kept for `output()`: the last this many characters (default: all of it). */
  keepOutputChars?: number;
  /** Told of the child as soon as it is spawned (a benchmark's list of processes to stop). */
  onSpawn?: (child: ChildProcess) => void;
}

export interface LaunchedCore {
  readonly pid: number;
  readonly child: ChildProcess;
  readonly dataDir: string;
  readonly port: number;
  /** http://127.0.0.1:<port> — the dashboard, when the entry serves it. */
  readonly url: string;
  /** http://127.0.0.1:<port>/api/v1 */
  readonly api: string;
  /** The first-run key printed on stdout (null once an owner exists). */
  readonly setupKey: string | null;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, SIGKILL after `graceMs` (default 40 s; null: never), then waits for the exit. */
  stop: (graceMs?: number | null) => Promise<void>;
  /** SIGKILL by the recorded PID, then waits for the exit. */
  kill: () => Promise<void>;
}

const LISTENING = /Hearth core listening on https?:\/\/localhost:(\d+)/;
const SETUP_KEY = /First time setup key: (\S+)/;

/** The command, its first arguments and where it runs (tsx reads the core's own tsconfig there). */
function commandLine(entry: CoreEntry): [string, string[], string] {
  if (entry === 'source')
    return [process.execPath, ['--import', 'tsx', CORE_SOURCE], path.dirname(CORE_SOURCE)];
  if (entry === 'npm-start') {
    const { command, args } = npmStartCommand();
    return [command, args, REPO_ROOT];
  }
  return [entry.command, entry.args, REPO_ROOT];
}

/**
 * Starts a core and resolves once it listens; rejects with its output when it exits first (e.g.
 * refused by the data-dir lock) or does not listen in time, after ending it.
 */
export async function launchCore(options: LaunchOptions): Promise<LaunchedCore> {
  const [entryCommand, entryArgs, cwd] = commandLine(options.entry);
  const coreArgs = [
    ...entryArgs,
    ...['--port', String(options.port ?? 0), '--host', '127.0.0.1'],
    ...['--data-dir', options.dataDir, '--log-level', 'warn'],
    ...(options.args ?? []),
  ];
  const [command, args] =
    options.maxFileBytes === undefined
      ? [entryCommand, coreArgs]
      : ['prlimit', [`--fsize=${options.maxFileBytes}`, entryCommand, ...coreArgs]];
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${command}`);
  options.onSpawn?.(child);

  let out = '';
  const keep = options.keepOutputChars;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async (graceMs: number | null = 40_000) => {
    if (gone()) return;
    const killer = graceMs === null ? null : setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.kill('SIGTERM');
    await exited;
    if (killer) clearTimeout(killer);
  };
  const kill = async () => {
    if (!gone()) child.kill('SIGKILL');
    await exited;
  };

  const timeoutMs = options.startTimeoutMs ?? 120_000;
  let port: number;
  let setupKey: string | null = null;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the core did not listen within ${timeoutMs} ms:\n${out}`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        // The key is printed before the listening line; read both before trimming the output.
        setupKey ??= SETUP_KEY.exec(out)?.[1] ?? null;
        const listening = LISTENING.exec(out);
        if (keep !== undefined && out.length > keep) out = out.slice(-keep);
        if (listening) {
          clearTimeout(timer);
          resolve(Number(listening[1]));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`the core exited (${code ?? signal}) before listening:\n${out}`));
      });
    });
  } catch (err) {
    await kill();
    throw err;
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    pid,
    child,
    dataDir: options.dataDir,
    port,
    url,
    api: `${url}/api/v1`,
    setupKey,
    output: () => out,
    exited,
    stop,
    kill,
  };
}
