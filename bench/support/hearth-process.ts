// A real Hearth core in its own process, started the way `npm start` starts it (scripts/start.mjs,
// or BENCH_CORE_COMMAND, e.g. "node apps/core/dist/main.js"), on an ephemeral port on 127.0.0.1 with
// a temp data dir, an owner set up through the API. Stopped by its recorded PID; the temp dirs go.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pollUntil } from '../../apps/core/test-support/poll.ts';
import {
  launchCore,
  npmStartCommand,
  type LaunchedCore,
} from '../../apps/core/test-support/core-launcher.ts';
import { track } from './processes.ts';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const OWNER = { username: 'bench', password: 'bench-password-1' } as const;
let created = 0;

/** How the core is started: BENCH_CORE_COMMAND (split on spaces) or as `npm start` runs it. */
export function coreCommand(): { command: string; args: string[]; label: string } {
  const custom = process.env.BENCH_CORE_COMMAND?.trim();
  if (custom) {
    const [command = process.execPath, ...args] = custom.split(/\s+/);
    return { command: command === 'node' ? process.execPath : command, args, label: custom };
  }
  // As `npm start` runs it, with the Node flags the root package.json gives it.
  const { command, args } = npmStartCommand();
  const shown = args.map((a) => (path.isAbsolute(a) ? path.relative(REPO, a) : a));
  return { command, args, label: `node ${shown.join(' ')}` };
}

/**
 * The core's flags for a benchmark: 127.0.0.1 only, quiet logs, and BENCH_ISOLATION
 * (auto|required|none) when set, else the core's default (auto, as `npm start`).
 */
export function coreFlags(port: number, dataDir: string): string[] {
  const mode = process.env.BENCH_ISOLATION;
  return [
    ...[
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--log-level',
      'warn',
    ],
    ...(mode ? ['--isolation', mode] : []),
  ];
}

export interface HearthProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  api: string;
  port: number;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  /** A world-readable scratch folder (definitions a sandboxed game must read), removed by stop(). */
  scratch: string;
  token: string;
  /** Calls the API as the owner (JSON answers parsed, others as text); throws on a non-2xx answer. */
  call<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
  /** Creates a generic instance and waits until the list shows it; returns its uuid. */
  createGeneric(definitionUrl: string, settings?: Record<string, unknown>): Promise<string>;
  waitForState(uuid: string, state: string, timeoutMs?: number): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

export async function startHearth(
  options: {
    extraArgs?: string[];
    env?: Record<string, string>;
    /** Node's own flags for the core's process (e.g. `--import` a probe), when it runs on node. */
    nodeFlags?: string[];
  } = {},
): Promise<HearthProcess> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-'));
  await fs.chmod(scratch, 0o755);
  const dataDir = path.join(scratch, 'data');
  const { command, args } = coreCommand();
  const mode = process.env.BENCH_ISOLATION;
  let launched: LaunchedCore | null = null;
  const stop = async () => {
    await launched?.stop(20_000);
    await fs.rm(scratch, { recursive: true, force: true });
  };
  try {
    launched = await launchCore({
      entry:
        process.env.BENCH_CORE_COMMAND?.trim() || options.nodeFlags
          ? {
              command,
              args: command === process.execPath ? [...(options.nodeFlags ?? []), ...args] : args,
            }
          : 'npm-start',
      dataDir,
      args: [...(mode ? ['--isolation', mode] : []), ...(options.extraArgs ?? [])],
      env: options.env,
      keepOutputChars: 20_000,
      onSpawn: track,
    });
    const { port, child } = launched;
    const setupKey = launched.setupKey;
    if (!setupKey) throw new Error(`the core printed no setup key:\n${launched.output()}`);
    const { url, api } = launched;
    let token = '';
    const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${api}${route}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${text}`);
      const json = res.headers.get('content-type')?.includes('json') ?? false;
      return (text && json ? JSON.parse(text) : text || undefined) as T;
    };
    token = (await call<{ token: string }>('POST', `/setup/${setupKey}`, OWNER)).token;
    const list = () => call<{ uuid: string; state: string }[]>('GET', '/instance/list');
    const waitForState = (uuid: string, state: string, timeoutMs = 60_000) =>
      pollUntil(
        `instance ${uuid} → ${state}`,
        async () => (await list()).find((i) => i.uuid === uuid)?.state === state,
        { timeoutMs },
      );
    const createGeneric = async (definitionUrl: string, settings: Record<string, unknown> = {}) => {
      const uuid = await call<string>('POST', '/instance/create_generic', {
        url: definitionUrl,
        setup_value: { name: `bench-${++created}`, setting_sections: settings },
      });
      await pollUntil('creation', async () => (await list()).some((i) => i.uuid === uuid), {
        timeoutMs: 120_000,
      });
      return uuid;
    };
    return {
      url,
      api,
      port,
      pid: launched.pid,
      child,
      dataDir,
      scratch,
      get token() {
        return token;
      },
      call,
      createGeneric,
      waitForState,
      output: launched.output,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * A generic definition (in `dir`, world-readable) whose game is an idle Node process: the cheapest
 * instance there is. Returns its file:// URL.
 */
export async function idleDefinition(dir: string): Promise<string> {
  const file = path.join(dir, 'idle-definition.mjs');
  await fs.writeFile(
    file,
    `export default {
  game_name: 'bench-idle',
  game_display_name: 'Benchmark (idle)',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: 0 }),
  start: () => ({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] }),
  stop: { signal: 'SIGTERM' },
};
`,
    { mode: 0o644 },
  );
  return pathToFileURL(file).href;
}
