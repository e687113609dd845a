// Files tab render: the dashboard half of "ls of a 10,000-entry folder" (ls-10k.ts times the core).
// The built dashboard, served by a real core (started like `npm start`), in headless Chromium: a
// folder of BENCH_FILES_ENTRIES entries (default 10,000; one in ten a folder) is opened from its
// parent BENCH_FILES_RUNS times (default 5), timing click → rows on screen (and the ls request
// inside it); then the list is scrolled top to bottom a frame at a time (frame times, long tasks,
// rows in the DOM), every entry is selected, and the JS heap is read. Figures only: it never
// fails on a time.
//
//   npm run build -w @hearth/dashboard && npx tsx bench/files-render.ts
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { startCore } from '../e2e/support/core-process.ts';
import { apiCall, createFlyingSquidInstance } from '../e2e/support/flows.ts';
import { isMain, median } from './support/figures.ts';

const ENTRIES = Math.max(1, Number(process.env.BENCH_FILES_ENTRIES ?? 10_000));
const RUNS = Math.max(1, Number(process.env.BENCH_FILES_RUNS ?? 5));
const FOLDER = 'big';
/** BENCH_FILES_PROFILE=1: the top functions by self time while scrolling. */
const PROFILE = process.env.BENCH_FILES_PROFILE === '1';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.HEARTH_DASHBOARD_DIR ?? path.resolve(here, '../apps/dashboard/dist');

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

function printProfile(profile: {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)?.callFrame;
    const name = f
      ? `${f.functionName || '(anonymous)'} ${path.basename(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`
      : '?';
    self.set(name, (self.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  console.log('  top self time while scrolling:');
  for (const [name, time] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${time.toFixed(0).padStart(7)} ms  ${name}`);
}

async function fillFolder(dir: string): Promise<void> {
  await fs.mkdir(dir);
  for (let i = 0; i < ENTRIES; i += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, ENTRIES - i) }, (_, j) => {
        const n = i + j;
        return n % 10 === 0
          ? fs.mkdir(path.join(dir, `folder-${n}`))
          : fs.writeFile(path.join(dir, `file-${n}.txt`), `entry ${n}\n`);
      }),
    );
  }
}

/** Click on the folder → its rows drawn (two animation frames after they are in the DOM). */
async function openFolder(page: Page): Promise<{ totalMs: number; lsMs: number }> {
  return page.evaluate(
    async ({ folder, rows }) => {
      const grid = () => document.querySelector('[role="grid"][aria-label="Files"]');
      const button = grid()?.querySelector<HTMLButtonElement>(
        `[data-file-path="${folder}"] [data-row-button]`,
      );
      if (!button) throw new Error(`no row for ${folder}`);
      performance.clearResourceTimings();
      const started = performance.now();
      button.click();
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      while (
        grid()?.getAttribute('aria-rowcount') !== String(rows) ||
        !grid()?.querySelector('[data-file-path^="big/"]')
      )
        await frame();
      await frame();
      await frame();
      const totalMs = performance.now() - started;
      const ls = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/ls'));
      return { totalMs, lsMs: ls.at(-1)?.duration ?? Number.NaN };
    },
    { folder: FOLDER, rows: ENTRIES + 1 },
  );
}

/** Scrolls the list to its end, 240 px per frame; frame intervals and the most rows in the DOM. */
async function scrollThrough(
  page: Page,
): Promise<{ frames: number[]; maxRows: number; px: number }> {
  return page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="file-list-scroller"]');
    if (!scroller) throw new Error('no file list');
    scroller.scrollTop = 0;
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const frames: number[] = [];
    let maxRows = 0;
    let last = await frame();
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += 240;
      const now = await frame();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, scroller.querySelectorAll('[role="row"]').length);
    }
    return { frames, maxRows, px: scroller.scrollHeight };
  });
}

export async function run(): Promise<void> {
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error(`no dashboard build in ${dist}: run npm run build -w @hearth/dashboard`);
  const core = await startCore();
  const browser = await chromium.launch({
    executablePath: process.env.HEARTH_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const { token } = await apiCall<{ token: string }>(
      core,
      null,
      'POST',
      `/setup/${core.setupKey}`,
      { username: 'bench', password: 'bench-password-1' },
    );
    const uuid = await createFlyingSquidInstance(core, token, 'Files render');
    const instances = await apiCall<{ uuid: string; path: string }[]>(
      core,
      token,
      'GET',
      '/instance/list',
    );
    const root = instances.find((i) => i.uuid === uuid)?.path;
    if (!root) throw new Error('the instance has no folder');
    await fillFolder(path.join(root, FOLDER));

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // tsx keeps function names with an `__name` helper that functions sent to the page also call.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript(
      ({ port, token }) => {
        const w = window as unknown as { longTasks: number[] };
        w.longTasks = [];
        new PerformanceObserver((list) =>
          list.getEntries().forEach((e) => w.longTasks.push(e.duration)),
        ).observe({ type: 'longtask', buffered: true });
        if (localStorage.getItem('address')) return;
        localStorage.setItem(
          'cores',
          JSON.stringify([{ address: '127.0.0.1', port, protocol: 'http', apiVersion: 'v1' }]),
        );
        localStorage.setItem('address', '127.0.0.1');
        localStorage.setItem('port', String(port));
        localStorage.setItem('tokens', JSON.stringify({ [`127.0.0.1:${port}`]: token }));
      },
      { port: core.port, token },
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${core.url}/dashboard/files?instance=${uuid}`);
    const parentRow = page
      .getByRole('grid', { name: 'Files' })
      .getByRole('button', { name: FOLDER, exact: true });
    await parentRow.waitFor();

    const opens: { totalMs: number; lsMs: number }[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const result = await openFolder(page);
      if (i > 0) opens.push(result); // the first run warms caches and the JIT
      await page
        .getByRole('grid', { name: 'Files' })
        .getByRole('button', { name: '..', exact: true })
        .click();
      await parentRow.waitFor();
    }

    await openFolder(page);
    const cdp = await context.newCDPSession(page);
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const tasksBefore = await page.evaluate(
      () => (window as unknown as { longTasks: number[] }).longTasks.length,
    );
    const scroll = await scrollThrough(page);
    const scrollTasks = await page.evaluate(
      (n) => (window as unknown as { longTasks: number[] }).longTasks.slice(n),
      tasksBefore,
    );
    if (PROFILE) printProfile((await cdp.send('Profiler.stop')).profile);

    const selectStarted = Date.now();
    await page.getByRole('button', { name: 'Add/Remove' }).click();
    await page.getByRole('menuitem', { name: 'Select all' }).click();
    await page.getByText(`${ENTRIES} items selected`).waitFor();
    const selectMs = Date.now() - selectStarted;

    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;

    const total = opens.map((o) => o.totalMs);
    const ls = opens.map((o) => o.lsMs);
    const sortedFrames = [...scroll.frames].sort((a, b) => a - b);
    const p95 = sortedFrames[Math.floor(sortedFrames.length * 0.95)] ?? 0;
    console.log(
      `Files tab render of a ${ENTRIES.toLocaleString('en-US')}-entry folder — ${RUNS} opens after one warm-up (headless Chromium, ${os.cpus().length} CPUs)`,
    );
    console.log(
      `  click → rows on screen     : ${ms(median(total))} median (${ms(Math.min(...total))} min, ${ms(Math.max(...total))} max)`,
    );
    console.log(
      `    of which GET ls          : ${ms(median(ls))} median; parse, sort and render ${ms(median(total) - median(ls))}`,
    );
    console.log(
      `  scroll to the end          : ${scroll.frames.length} frames over ${(scroll.px / 1000).toFixed(0)}k px, ${ms(median(scroll.frames))} median frame, ${ms(p95)} p95, ${ms(sortedFrames.at(-1) ?? 0)} longest, ${scroll.frames.filter((f) => f > 50).length} frames > 50 ms`,
    );
    console.log(
      `  long tasks while scrolling : ${scrollTasks.length} (${ms(scrollTasks.reduce((a, b) => a + b, 0))} in total)`,
    );
    console.log(
      `  rows in the DOM            : at most ${scroll.maxRows} of ${(ENTRIES + 1).toLocaleString('en-US')} (virtualized)`,
    );
    console.log(`  select all → footer        : ${selectMs} ms (menu clicks included)`);
    console.log(`  JS heap (after GC)         : ${mib(heap)} with the folder listed and selected`);
    if (errors.length > 0) {
      console.error(`  page errors: ${errors.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await core.stop();
    await fs.rm(core.dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await run();
