// Macro tasks through a real core: start latency (PUT macro/run → the MacroEvent Started frame on
// the event WebSocket) over BENCH_MACRO_RUNS runs, then the core's RSS and the tasks' RSS with
// BENCH_MACRO_TASKS (default 20) idle tasks — side by side with a bare `deno run` of the same file
// (spawn → its first output line; the same number of idle processes). Figures only: it never
// fails on a time.
//
//   npx tsx bench/macro-tasks.ts          (BENCH_MACRO_RUNS=10, BENCH_MACRO_TASKS=20)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import pidusage from 'pidusage';
import WebSocket from 'ws';
import { denoBinaryPath } from '../apps/core/src/runtime/macros/deno-binary.ts';
import { processTree } from '../apps/core/src/runtime/supervisor/process-tree.ts';
import { isMain, median } from './support/figures.ts';
import { startFileBenchCore } from './support/in-process-core.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_MACRO_RUNS ?? 10));
const TASKS = Math.max(1, Number(process.env.BENCH_MACRO_TASKS ?? 20));
// The same file for both: prints one line, then idles until killed.
const IDLE_MACRO = `console.log('ready');\nsetInterval(() => {}, 60_000);\n`;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const ms = (n: number) => n.toFixed(0);

async function rssOf(pids: number[]): Promise<number> {
  if (pids.length === 0) return 0;
  const stats = await pidusage(pids);
  return Object.values(stats).reduce((sum, s) => sum + s.memory, 0);
}

/** Spawns `deno run <file>` and resolves with the process once it printed its first line. */
function bareDeno(
  deno: string,
  file: string,
  denoDir: string,
): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(deno, ['run', '--quiet', '--no-prompt', '--no-config', file], {
    cwd: path.dirname(file),
    env: { DENO_DIR: denoDir, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve({ child, ms: performance.now() - started }));
    child.once('exit', (code) => reject(new Error(`deno exited (${code})`)));
  });
}

export default async function run(): Promise<void> {
  const bench = await startFileBenchCore('macros');
  const { core, api, token, uuid, root } = bench;
  const children: ChildProcess[] = [];
  try {
    await fs.mkdir(path.join(root, 'macros', 'idle'), { recursive: true });
    const file = path.join(root, 'macros', 'idle', 'index.ts');
    await fs.writeFile(file, IDLE_MACRO);
    const filter = encodeURIComponent(
      JSON.stringify({ bearer_token: token, event_types: ['MacroEvent'] }),
    );
    const ws = new WebSocket(`${api.replace('http', 'ws')}/events/all/stream?filter=${filter}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const started = new Map<number, number>();
    const waiters: ((pid: number) => void)[] = [];
    ws.on('message', (data: WebSocket.RawData) => {
      const e = JSON.parse(data.toString()) as {
        event_inner: { macro_pid: number; macro_event_inner: { type: string } };
      };
      if (e.event_inner.macro_event_inner.type !== 'Started') return;
      started.set(e.event_inner.macro_pid, performance.now());
      waiters.shift()?.(e.event_inner.macro_pid);
    });
    const runTask = async (): Promise<{ pid: number; ms: number }> => {
      const t0 = performance.now();
      const seen = new Promise<number>((resolve) => waiters.push(resolve));
      const res = await fetch(`${api}/instance/${uuid}/macro/run/idle`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '[]',
      });
      if (res.status !== 200) throw new Error(`run: ${res.status} ${await res.text()}`);
      const pid = await seen;
      return { pid, ms: started.get(pid)! - t0 };
    };
    const kill = (pid: number) =>
      fetch(`${api}/instance/${uuid}/macro/kill/${pid}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.text());

    // Warm Deno's transpile cache for both, so neither pays for the first compile.
    await kill((await runTask()).pid);
    const deno = denoBinaryPath();
    const denoDir = path.join(bench.scratch, 'bare-deno-cache');
    (await bareDeno(deno, file, denoDir)).child.kill('SIGKILL');

    const taskLatency: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { pid, ms: took } = await runTask();
      taskLatency.push(took);
      await kill(pid);
    }
    const bareLatency: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { child, ms: took } = await bareDeno(deno, file, denoDir);
      bareLatency.push(took);
      child.kill('SIGKILL');
    }

    global.gc?.();
    const coreBefore = process.memoryUsage().rss;
    const pids: number[] = [];
    for (let i = 0; i < TASKS; i++) pids.push((await runTask()).pid);
    await new Promise((r) => setTimeout(r, 1000));
    const coreWith = process.memoryUsage().rss;
    const osPids = pids.map(
      (pid) =>
        core.ctx.db
          .prepare('SELECT os_pid FROM macro_tasks WHERE pid = ?')
          .pluck()
          .get(pid) as number,
    );
    // A sandboxed task is bwrap (outside), bwrap (its pid 1) and Deno: count the whole tree.
    const tasksRss = await rssOf(osPids.flatMap((pid) => processTree(pid)));
    for (let i = 0; i < TASKS; i++) children.push((await bareDeno(deno, file, denoDir)).child);
    await new Promise((r) => setTimeout(r, 1000));
    const bareRss = await rssOf(children.map((c) => c.pid!));
    for (const pid of pids) await kill(pid);
    ws.close();

    const taskMs = median(taskLatency);
    const bareMs = median(bareLatency);
    console.log(`macro tasks — ${RUNS} timed runs, ${TASKS} idle tasks (Deno ${deno})`);
    // --isolation auto: tasks are sandboxed unless a warning says bubblewrap does not work here.
    console.log(
      `  core warnings                : ${core.ctx.system.warnings().join(' ') || 'none'}`,
    );
    console.log(
      `  start latency (median)       : task ${ms(taskMs)} ms (run → Started event) vs bare deno ${ms(bareMs)} ms (spawn → first line); ratio ${(taskMs / bareMs).toFixed(2)}`,
    );
    console.log(
      `  core RSS                     : ${mb(coreBefore)} MB idle, ${mb(coreWith)} MB with ${TASKS} tasks (+${mb(coreWith - coreBefore)} MB, in-process core + bench client)`,
    );
    console.log(
      `  RSS per task (process tree)  : ${mb(tasksRss / TASKS)} MB vs bare deno ${mb(bareRss / TASKS)} MB; ratio ${(tasksRss / bareRss).toFixed(2)}`,
    );
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await bench.close();
  }
}

if (isMain(import.meta.url)) await run();
