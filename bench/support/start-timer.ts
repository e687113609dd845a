// Spawn → first answer of `GET /api/v1/info`, for the core-start benchmark: the clock starts right
// before spawn() and stops at the first 200, polled every few milliseconds on 127.0.0.1. And the
// ways of starting that are compared: Hearth as `npm start` runs it, Hearth's entry started
// directly, and a bare Fastify app with plain node and under tsx.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { coreCommand, coreFlags, REPO } from './hearth-process.ts';
import { freePort, spawnTracked, stopProcess } from './processes.ts';

const POLL_MS = 5;

function infoAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/info', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
    req.setTimeout(5_000, () => req.destroy());
  });
}

/** Starts `command args` and resolves once /info answers on `port`: the process and the time. */
export async function timeToInfo(
  command: string,
  args: string[],
  port: number,
  timeoutMs = 120_000,
): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawnTracked(command, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-4_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  for (;;) {
    if (await infoAnswers(port)) return { child, ms: performance.now() - started };
    const exited = child.exitCode ?? child.signalCode;
    if (exited !== null || performance.now() - started > timeoutMs) {
      await stopProcess(child, 2_000);
      throw new Error(`no /info from ${args.join(' ')} (${exited ?? 'time-out'}):\n${out}`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export interface StartVariant {
  name: string;
  /** The command line, for the printout. */
  how: string;
  command: string;
  args: (port: number, dataDir: string) => string[];
}

export const BARE_FASTIFY = path.join(REPO, 'bench/support/bare-fastify.mjs');

/** The core's entry started without scripts/start.mjs: BENCH_CORE_DIRECT, a build, or tsx. */
export function directEntry(): { how: string; command: string; pre: string[] } {
  const custom = process.env.BENCH_CORE_DIRECT?.trim();
  if (custom) {
    const [command = 'node', ...pre] = custom.split(/\s+/);
    return { how: custom, command: command === 'node' ? process.execPath : command, pre };
  }
  for (const built of ['apps/core/dist/main.js', 'apps/core/dist/main.mjs'])
    if (existsSync(path.join(REPO, built)))
      return { how: `node ${built}`, command: process.execPath, pre: [path.join(REPO, built)] };
  const src = 'apps/core/src/main.ts';
  const pre = ['--import', 'tsx', path.join(REPO, src)];
  return { how: `node --import tsx ${src}`, command: process.execPath, pre };
}

export function startVariants(): StartVariant[] {
  const npmStart = coreCommand();
  const direct = directEntry();
  const bare = (p: number) => [BARE_FASTIFY, '--port', String(p)];
  return [
    {
      name: 'Hearth (npm start)',
      how: npmStart.label,
      command: npmStart.command,
      args: (p, d) => [...npmStart.args, ...coreFlags(p, d)],
    },
    {
      name: 'Hearth (entry started directly)',
      how: direct.how,
      command: direct.command,
      args: (p, d) => [...direct.pre, ...coreFlags(p, d)],
    },
    { name: 'bare Fastify', how: 'node', command: process.execPath, args: bare },
    {
      name: 'bare Fastify under tsx',
      how: 'node --import tsx',
      command: process.execPath,
      args: (p) => ['--import', 'tsx', ...bare(p)],
    },
  ];
}

/** Milliseconds from spawn to /info for one start of `variant` (then stopped). */
/** One timed start; the process then runs `stayMs` more before it is stopped. */
export async function startOnce(
  variant: StartVariant,
  dataDir: string,
  stayMs = 0,
): Promise<number> {
  const port = await freePort();
  const started = await timeToInfo(variant.command, variant.args(port, dataDir), port);
  if (stayMs > 0) await new Promise((r) => setTimeout(r, stayMs));
  await stopProcess(started.child);
  return started.ms;
}
