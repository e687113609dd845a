// Players render (issue 27): the Overview's player list (whose menus read the ban lists) and the
// Players tab of a running flying-squid server with BENCH_PLAYERS_BANS bans (default 10,000) in
// its banned-players.json, in the built dashboard served by a real core, in headless Chromium.
// One mineflayer player is online, so the Overview draws a player menu. Each tab is opened
// BENCH_PLAYERS_RUNS times (default 5) from the Schedules tab, timing click → rows on screen and
// counting long tasks (> 50 ms) in that window; then the ban list is scrolled top to bottom a frame
// at a time, searched, and watched through one of the tab's 5 s refreshes. The opens and the
// scrolls are also traced, for each task's CPU time beside its wall time (on a busy machine even
// the bare page has long tasks by the wall clock). Figures only: it never fails on a time.
//
//   npm run build && npx tsx bench/players-render.ts
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { startCore, type RunningCore } from '../e2e/support/core-process.ts';
import { apiCall, createFlyingSquidInstance, freePort } from '../e2e/support/flows.ts';
import { joinBot, type JoinedBot } from '../apps/core/test-support/mineflayer-bot.ts';
import { envNumber, isMain, median } from './support/figures.ts';

const BANS = envNumber('BENCH_PLAYERS_BANS', 10_000);
/** BENCH_PLAYERS_PROFILE=1: the top functions by self time while scrolling. */
const PROFILE = process.env.BENCH_PLAYERS_PROFILE === '1';
const RUNS = envNumber('BENCH_PLAYERS_RUNS', 5);
const PLAYER = 'BenchBot';
const VERSION = '1.21.4';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.HEARTH_DASHBOARD_DIR ?? path.resolve(here, '../apps/dashboard/dist');

const ms = (n: number) => `${n.toFixed(1)} ms`;
const tasks = (list: number[]) =>
  `${list.length} long task${list.length === 1 ? '' : 's'}${list.length ? ` (longest ${ms(Math.max(...list))})` : ''}`;

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

/** vanilla's banned-players.json with `count` entries. */
function banFile(count: number): string {
  const created = '2025-01-02 03:04:05 +0000';
  return JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      uuid: `00000000-0000-3000-8000-${String(i).padStart(12, '0')}`,
      name: `Player${i}`,
      created,
      source: 'Server',
      expires: 'forever',
      reason: i % 7 === 0 ? 'griefing the spawn' : 'spam',
    })),
    null,
    2,
  );
}

async function waitRunning(core: RunningCore, token: string, uuid: string): Promise<void> {
  for (let i = 0; i < 180; i++) {
    const list = await apiCall<{ uuid: string; state: string }[]>(
      core,
      token,
      'GET',
      '/instance/list',
    );
    if (list.find((x) => x.uuid === uuid)?.state === 'Running') return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

/**
 * CPU seconds used so far by the browser's renderer processes (Chromium's own count): unlike long
 * tasks, it does not grow when other work on the machine delays the page, so it compares the
 * same scroll across runs on a busy machine.
 */
async function rendererCpu(browser: import('@playwright/test').Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; cpuTime: number }[];
    };
    return processInfo.filter((p) => p.type === 'renderer').reduce((t, p) => t + p.cpuTime, 0);
  } finally {
    await session.detach();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Wall time and thread (CPU) time, µs. */
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Runs `work` under a Chromium trace and gives the CPU time (thread time, ms) of every task of the
 * renderer's main thread that drew the most frames — the page being scrolled. A long task counted
 * by the page is wall time: on a busy machine it also counts the time other processes held the
 * CPU (the bare page has long tasks then); a task's thread time is what this page itself costs,
 * so `> 50 ms` of it is a long task on an idle machine.
 */
async function tracedTasks<T>(page: Page, work: () => Promise<T>): Promise<[T, number[]]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline',
    transferMode: 'ReportEvents',
  });
  const result = await work();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const frames = new Map<string, number>();
  for (const e of events)
    if (e.name === 'FireAnimationFrame' && mains.has(`${e.pid}:${e.tid}`))
      frames.set(`${e.pid}:${e.tid}`, (frames.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...frames.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const cpu = events
    .filter(
      (e) =>
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        e.ph === 'X' &&
        `${e.pid}:${e.tid}` === main,
    )
    .map((e) => (e.tdur ?? 0) / 1000);
  return [result, cpu];
}

/** Tasks of more than 50 ms of CPU, and the main thread's CPU per frame. */
const cpuTasks = (cpu: number[], frames: number) => {
  if (cpu.length === 0) throw new Error('the trace holds no task of the page');
  const long = cpu.filter((t) => t > 50);
  return `${long.length} task${long.length === 1 ? '' : 's'} over 50 ms of CPU (most: ${ms(Math.max(0, ...cpu))}); ${ms(cpu.reduce((a, b) => a + b, 0) / frames)} of main-thread CPU per frame`;
};

/** Long tasks seen so far in the page. */
const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.length);
const longTasksSince = (page: Page, from: number) =>
  page.evaluate((n) => (window as unknown as { longTasks: number[] }).longTasks.slice(n), from);

/** Clicks an instance tab in the nav and waits (two frames after) until `selector` is in the page. */
function openTab(page: Page, tab: string, selector: string): Promise<number> {
  return page.evaluate(
    async ({ tab, selector }) => {
      const nav = document.querySelector('nav[aria-label="Instance tabs"]');
      const button = [...(nav?.querySelectorAll('button') ?? [])].find(
        (b) => b.textContent === tab,
      );
      if (!button) throw new Error(`no ${tab} tab`);
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      const started = performance.now();
      button.click();
      // A tab that never shows `selector` throws instead of waiting for ever (page.evaluate has
      // no timeout of its own).
      while (!document.querySelector(selector)) {
        if (performance.now() - started > 60_000) throw new Error(`${tab}: no ${selector} in 60 s`);
        await frame();
      }
      await frame();
      await frame();
      return performance.now() - started;
    },
    { tab, selector },
  );
}

/** Scrolls the ban list to its end, 240 px per frame: the frame intervals and rows in the page. */
function scrollBans(page: Page): Promise<{ frames: number[]; maxRows: number }> {
  return page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="Banned players scroller"]');
    if (!scroller) throw new Error('no ban list');
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const frames: number[] = [];
    let maxRows = 0;
    // Twice the frames a list of fixed height needs: one that keeps growing throws instead of
    // scrolling for ever (page.evaluate has no timeout of its own).
    const limit = 2 * Math.ceil(scroller.scrollHeight / 240) + 100;
    let last = await frame();
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      if (frames.length > limit) throw new Error(`the list still grows after ${limit} frames`);
      scroller.scrollTop += 240;
      const now = await frame();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, scroller.querySelectorAll('li').length);
    }
    return { frames, maxRows };
  });
}

/**
 * The ceiling, measured in the same run: the same scroll over a bare page whose 25 rows are moved
 * by hand (no framework, no data) — the long tasks this machine has anyway while scrolling.
 */
async function bareScroll(
  browser: import('@playwright/test').Browser,
  count: number,
): Promise<{ frames: number[]; tasks: number[]; cpu: number; taskCpu: number[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await context.addInitScript(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => w.longTasks.push(e.duration)),
    ).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  try {
    await page.setContent(
      `<div data-testid="Banned players scroller" style="height:418px;overflow-y:auto">` +
        `<ul style="position:relative;margin:0;padding:0;height:${count * 52}px"></ul></div>`,
    );
    await page.evaluate((count) => {
      const scroller = document.querySelector<HTMLElement>(
        '[data-testid="Banned players scroller"]',
      );
      const list = scroller?.querySelector('ul');
      if (!scroller || !list) return;
      const rows = Array.from({ length: 25 }, () => {
        const li = document.createElement('li');
        li.style.cssText = 'position:absolute;left:0;height:52px;list-style:none';
        list.append(li);
        return li;
      });
      // The rows stop at the list's end: a row drawn past it would make the list taller at every
      // step, and the scroll to the end would never end.
      const draw = () => {
        const first = Math.max(
          0,
          Math.min(Math.floor(scroller.scrollTop / 52), count - rows.length),
        );
        rows.forEach((li, i) => {
          li.style.top = `${(first + i) * 52}px`;
          li.textContent = `Player${first + i} · spam · by Server`;
        });
      };
      scroller.addEventListener('scroll', draw, { passive: true });
      draw();
    }, count);
    const before = await longTasks(page);
    const cpuBefore = await rendererCpu(browser);
    const [{ frames }, taskCpu] = await tracedTasks(page, () => scrollBans(page));
    const cpu = (await rendererCpu(browser)) - cpuBefore;
    return { frames, tasks: await longTasksSince(page, before), cpu, taskCpu };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<void> {
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error(`no dashboard build in ${dist}: run npm run build -w @hearth/dashboard`);
  const core = await startCore();
  const browser = await chromium.launch({
    executablePath: process.env.HEARTH_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  let bot: JoinedBot | undefined;
  let uuid = '';
  let token = '';
  try {
    ({ token } = await apiCall<{ token: string }>(core, null, 'POST', `/setup/${core.setupKey}`, {
      username: 'bench',
      password: 'bench-password-1',
    }));
    const port = await freePort();
    uuid = await createFlyingSquidInstance(core, token, 'Players render', port, {
      version: VERSION,
    });
    const instances = await apiCall<{ uuid: string; path: string }[]>(
      core,
      token,
      'GET',
      '/instance/list',
    );
    const root = instances.find((i) => i.uuid === uuid)?.path;
    if (!root) throw new Error('the instance has no folder');
    const bans = banFile(BANS);
    await fs.writeFile(path.join(root, 'banned-players.json'), bans);
    await apiCall(core, token, 'PUT', `/instance/${uuid}/start`);
    await waitRunning(core, token, uuid);
    bot = await joinBot({ host: '127.0.0.1', port, username: PLAYER, version: VERSION });

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
    await page.goto(`${core.url}/dashboard/schedules?instance=${uuid}`);
    await page.getByRole('heading', { name: 'Schedules', exact: true }).waitFor();

    const overview = { times: [] as number[], tasks: [] as number[], cpu: [] as number[] };
    const players = { times: [] as number[], tasks: [] as number[], cpu: [] as number[] };
    const banRows = `ul[aria-label="Banned players"] li[aria-setsize="${BANS}"]`;
    for (let i = 0; i <= RUNS; i++) {
      for (const [tab, selector, into] of [
        ['Overview', `button[aria-label="Actions for ${PLAYER}"]`, overview],
        ['Players', banRows, players],
      ] as const) {
        // The Overview's menu reads the lists: a fresh read each round, as on a first visit.
        await page.evaluate(() => performance.clearResourceTimings());
        const before = await longTasks(page);
        const [time, cpu] = await tracedTasks(page, async () => {
          const took = await openTab(page, tab, selector);
          if (tab === 'Overview')
            await page.waitForFunction(() =>
              performance
                .getEntriesByType('resource')
                .some((e) => e.name.endsWith('/players/lists')),
            );
          return took;
        });
        const seen = await longTasksSince(page, before);
        if (i > 0) {
          into.times.push(time); // the first round warms caches and the JIT
          into.tasks.push(...seen);
          into.cpu.push(...cpu);
        }
        await openTab(page, 'Schedules', 'button');
      }
    }

    await openTab(page, 'Players', banRows);
    const cdp = await context.newCDPSession(page);
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    let before = await longTasks(page);
    const cpuBefore = await rendererCpu(browser);
    const [scroll, scrollTaskCpu] = await tracedTasks(page, () => scrollBans(page));
    const scrollCpu = (await rendererCpu(browser)) - cpuBefore;
    const scrollTasks = await longTasksSince(page, before);
    if (PROFILE) printProfile((await cdp.send('Profiler.stop')).profile);

    before = await longTasks(page);
    const searchStarted = Date.now();
    // The last name is the only one that contains itself (every other is shorter or a different
    // number), so exactly one row answers whatever BENCH_PLAYERS_BANS is.
    await page.getByLabel('Search banned players').fill(`Player${BANS - 1}`);
    await page.locator('ul[aria-label="Banned players"] li[aria-setsize="1"]').waitFor();
    const searchMs = Date.now() - searchStarted;
    const searchTasks = await longTasksSince(page, before);
    await page.getByLabel('Search banned players').fill('');

    // The tab reads the lists again every 5 s while the server runs.
    before = await longTasks(page);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/players/lists'), {
      timeout: 15_000,
    });
    await refreshed;
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))),
        ),
    );
    const refreshTasks = await longTasksSince(page, before);

    const bare = await bareScroll(browser, BANS);
    const sorted = [...scroll.frames].sort((a, b) => a - b);
    console.log(
      `Players render with ${BANS.toLocaleString('en-US')} bans (${(bans.length / 1024 / 1024).toFixed(1)} MiB banned-players.json), one player online — ${RUNS} opens of each tab after one warm-up (headless Chromium, ${os.cpus().length} CPUs)`,
    );
    console.log(
      `  Overview: click → player menu on screen : ${ms(median(overview.times))} median; ${tasks(overview.tasks)} in ${RUNS} opens`,
    );
    console.log(
      `  Players tab: click → ban rows on screen : ${ms(median(players.times))} median (${ms(Math.min(...players.times))} min, ${ms(Math.max(...players.times))} max); ${tasks(players.tasks)} in ${RUNS} opens`,
    );
    const longCpu = (cpu: number[]) => {
      const long = cpu.filter((t) => t > 50);
      return `${long.length} task${long.length === 1 ? '' : 's'} over 50 ms of CPU (most: ${ms(Math.max(0, ...cpu))})`;
    };
    console.log(
      `    by CPU time (what an idle machine sees): Overview ${longCpu(overview.cpu)}; Players ${longCpu(players.cpu)}`,
    );
    console.log(
      `  scroll the bans to the end               : ${scroll.frames.length} frames, ${ms(median(scroll.frames))} median frame, ${ms(sorted[Math.floor(sorted.length * 0.95)] ?? 0)} p95; ${tasks(scrollTasks)}`,
    );
    console.log(
      `    side by side, a bare page's same scroll: ${bare.frames.length} frames, ${ms(median(bare.frames))} median frame; ${tasks(bare.tasks)} (this machine's own)`,
    );
    console.log(
      `    by CPU time (what an idle machine sees): ${cpuTasks(scrollTaskCpu, scroll.frames.length)}`,
    );
    console.log(
      `    the bare page, by CPU time             : ${cpuTasks(bare.taskCpu, bare.frames.length)}`,
    );
    const perFrame = (seconds: number, frames: number) => ms((seconds * 1000) / frames);
    console.log(
      `  renderer CPU while scrolling             : ${perFrame(scrollCpu, scroll.frames.length)} per frame; the bare page ${perFrame(bare.cpu, bare.frames.length)} (its figure also counts the Players tab, left open behind it)`,
    );
    console.log(
      `  rows in the page                         : at most ${scroll.maxRows} of ${BANS.toLocaleString('en-US')} (virtualized)`,
    );
    console.log(
      `  search one ban by name                   : ${searchMs} ms; ${tasks(searchTasks)}`,
    );
    console.log(`  one 5 s refresh of the lists             : ${tasks(refreshTasks)}`);
    if (errors.length > 0) {
      console.error(`  page errors: ${errors.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await bot?.leave().catch(() => undefined);
    if (uuid) await apiCall(core, token, 'PUT', `/instance/${uuid}/kill`).catch(() => undefined);
    await browser.close();
    await core.stop();
    await fs.rm(core.dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await run();
