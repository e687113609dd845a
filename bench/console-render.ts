// Console render: the dashboard's real ConsoleScreen in headless Chromium receives N console lines
// (default 50,000) at R lines/s (default 2,000) through its real socket/stream path; a socket
// double stands in for the core. Prints dropped animation frames, long tasks, the JS heap before
// and after, and how long a regex search over every kept line takes (to the screen, and the
// filter alone). Figures only: it never fails on a time.
//
//   npx tsx bench/console-render.ts      (BENCH_CONSOLE_LINES=50000 BENCH_CONSOLE_RATE=2000)
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { chromium } from '@playwright/test';
import { CONSOLE_CLIENT_LINE_CAP } from '@hearth/protocol';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import './console-render/bench-api.ts';

const LINES = Number(process.env.BENCH_CONSOLE_LINES ?? 50_000);
const RATE = Number(process.env.BENCH_CONSOLE_RATE ?? 2_000);
/** The console keeps at most CONSOLE_CLIENT_LINE_CAP lines (oldest dropped). */
const KEPT = Math.min(LINES, CONSOLE_CLIENT_LINE_CAP);
/** BENCH_CONSOLE_PROFILE=1: unminified build, and the top functions by self time during the flood. */
const PROFILE = process.env.BENCH_CONSOLE_PROFILE === '1';
const SEARCH = String.raw`(alex|jeb)\d+ (joined|left) the game`;

const here = path.dirname(fileURLToPath(import.meta.url));
const harness = path.join(here, 'console-render');
const dashboardConfig = path.resolve(here, '../apps/dashboard/vite.config.ts');

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Serves the built harness, and `[]` for the console history request. */
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.endsWith('/console/buffer')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      return;
    }
    const file = path.join(
      dir,
      path.normalize(url.pathname === '/' ? '/index.html' : url.pathname),
    );
    if (!file.startsWith(dir)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, {
            'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

function printProfile(profile: {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const name = frame
      ? `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`
      : '?';
    self.set(name, (self.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
  console.log('  top self time during the flood:');
  for (const [name, time] of top) console.log(`    ${time.toFixed(0).padStart(7)} ms  ${name}`);
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function run(): Promise<void> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-console-bench-'));
  let server: Server | null = null;
  const browser = await chromium.launch({
    executablePath: process.env.HEARTH_CHROMIUM ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
  try {
    await build({
      configFile: dashboardConfig,
      root: harness,
      base: './',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, minify: !PROFILE },
    });
    const served = await serve(outDir);
    server = served.server;

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };

    await page.goto(served.url);
    await page.getByRole('status', { name: 'Console is live' }).waitFor();
    const heapBefore = await heap();
    await cdp.send('Performance.enable');
    const metrics = async () =>
      Object.fromEntries(
        (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
      ) as Record<string, number>;
    const metricsBefore = await metrics();
    // CPU time of the renderer processes: unlike task durations, not inflated by a busy machine.
    const browserCdp = await browser.newBrowserCDPSession();
    const rendererCpu = async () =>
      (
        (await browserCdp.send('SystemInfo.getProcessInfo')) as {
          processInfo: { type: string; cpuTime: number }[];
        }
      ).processInfo
        .filter((p) => p.type === 'renderer')
        .reduce((sum, p) => sum + p.cpuTime, 0);
    const cpuBefore = await rendererCpu();
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const since = await page.evaluate(() => window.consoleBench.now());
    const flood = await page.evaluate(([total, rate]) => window.consoleBench.flood(total, rate), [
      LINES,
      RATE,
    ] as const);
    const floodTasks = await page.evaluate((t) => window.consoleBench.longTasksSince(t), since);
    const metricsAfter = await metrics();
    const cpuFlood = (await rendererCpu()) - cpuBefore;
    if (PROFILE) printProfile((await cdp.send('Profiler.stop')).profile);
    const busy = (name: string) => (metricsAfter[name] ?? 0) - (metricsBefore[name] ?? 0);
    const heapAfter = await heap();
    const lastLine = await page.locator('[role="log"] [data-index]').last().textContent();

    const searchStart = await page.evaluate(() => window.consoleBench.now());
    const search = await page.evaluate((q) => window.consoleBench.searchToScreen(q), SEARCH);
    const searchTasks = await page.evaluate(
      (t) => window.consoleBench.longTasksSince(t),
      searchStart,
    );
    const filter = await page.evaluate(([q, total]) => window.consoleBench.filterOnly(q, total), [
      SEARCH,
      LINES,
    ] as const);

    const taskMs = floodTasks.reduce((sum, t) => sum + t.duration, 0);
    const longest = floodTasks.reduce((max, t) => Math.max(max, t.duration), 0);
    const expectedFrames = Math.round(flood.seconds * 60);
    console.log(
      `console render — ${LINES.toLocaleString('en-US')} lines at ${RATE.toLocaleString('en-US')} lines/s into the real ConsoleScreen (headless Chromium, ${os.cpus().length} CPUs)`,
    );
    console.log(
      `  flood took                 : ${flood.seconds.toFixed(1)} s; last line on screen: ${JSON.stringify(lastLine?.slice(-24) ?? null)}`,
    );
    console.log(
      `  animation frames           : ${flood.frames} drawn of ~${expectedFrames} at 60 Hz; dropped ${flood.droppedFrames} (${((flood.droppedFrames / Math.max(1, expectedFrames)) * 100).toFixed(1)} %), ${flood.framesOver50ms} frames > 50 ms, longest ${ms(flood.longestFrameMs)}`,
    );
    console.log(
      `  renderer CPU time          : ${cpuFlood.toFixed(1)} s over ${flood.seconds.toFixed(1)} s (${((cpuFlood / flood.seconds) * 100).toFixed(0)} % of one core)`,
    );
    console.log(
      `  main thread busy (wall)    : ${busy('TaskDuration').toFixed(1)} s of ${flood.seconds.toFixed(1)} s (script ${busy('ScriptDuration').toFixed(1)} s, style ${busy('RecalcStyleDuration').toFixed(1)} s, layout ${busy('LayoutDuration').toFixed(1)} s)`,
    );
    console.log(
      `  long tasks (> 50 ms)       : ${floodTasks.length}, ${ms(taskMs)} in total, longest ${ms(longest)}`,
    );
    console.log(
      `  JS heap (after GC)         : ${mib(heapBefore)} before, ${mib(heapAfter)} with ${KEPT.toLocaleString('en-US')} lines kept (+${mib(heapAfter - heapBefore)}, ${((heapAfter - heapBefore) / KEPT).toFixed(0)} B/line)`,
    );
    console.log(
      `  regex search /${SEARCH}/i : ${ms(search.ms)} from typing to matching rows on screen (${searchTasks.length} long tasks); filter alone ${ms(filter.ms)} over ${KEPT.toLocaleString('en-US')} lines → ${filter.matches.toLocaleString('en-US')} matches`,
    );
    if (errors.length > 0) {
      console.error(`  page errors: ${errors.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    server?.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

if (
  process.argv[1] !== undefined &&
  pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url
)
  await run();
