// Event Logs render and filter over a 100,000-event history (issue 14). A real core in this process
// (serving the built dashboard) holds BENCH_LOG_EVENTS stored events (default 100,000; a quarter
// of them console lines the log never shows) spread over two instances. It times:
//  - the core: GET /activity/search for one page (100 entries) under each filter, BENCH_LOG_RUNS
//    times (default 5), side by side with the Lodestone-compatible GET /events/search, which reads
//    the history and filters in memory (the reference's way);
//  - headless Chromium: the Event Logs tab from navigation to its first rows, each filter applied
//    as a shared link would (URL change → rows redrawn), a scroll through BENCH_LOG_SCROLL_ROWS
//    entries (default 3000, loading older pages as it goes: frame times, long tasks, rows in the
//    DOM) and the JS heap. Figures only: it never fails on a time.
//
//   npm run build -w @hearth/dashboard && npx tsx bench/event-logs.ts
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import {
  SYSTEM_ACTOR,
  emptyEventQuery,
  emptyLogFilter,
  logQueryParams,
  type LogFilter,
} from '@hearth/protocol';
import { buildCore, defaultConfig } from '../apps/core/src/app.ts';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { RARE_PLAYER, seedHistory } from './support/event-history.ts';
import { isMain, median } from './support/figures.ts';

const EVENTS = Math.max(1000, Number(process.env.BENCH_LOG_EVENTS ?? 100_000));
const RUNS = Math.max(1, Number(process.env.BENCH_LOG_RUNS ?? 5));
const SCROLL_ROWS = Math.max(100, Number(process.env.BENCH_LOG_SCROLL_ROWS ?? 3000));

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.HEARTH_DASHBOARD_DIR ?? path.resolve(here, '../apps/dashboard/dist');

const DEFINITION = `export default {
  game_name: 'log-bench',
  game_display_name: 'Event log benchmark',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: 0 }),
  start: () => ({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] }),
  stop: { signal: 'SIGTERM' },
};
`;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const pad = (s: string) => s.padEnd(26);

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** Applies a URL as the router would from a shared link; resolves when the first row changed. */
async function applyUrl(page: Page, url: string): Promise<number> {
  return page.evaluate(async (target) => {
    const table = () => document.querySelector('[role="table"][aria-label="Event log"]');
    const firstRow = () => table()?.querySelector('[role="rowgroup"] [role="row"][data-index="0"]');
    const before = firstRow()?.textContent ?? '';
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const started = performance.now();
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
    for (;;) {
      const text = firstRow()?.textContent ?? '';
      if (text !== '' && text !== before) break;
      if (table()?.textContent?.includes('No events match these filters')) break;
      await frame();
    }
    await frame();
    return performance.now() - started;
  }, url);
}

/** Scrolls the list 240 px a frame until `rows` entries went past (older pages load on the way). */
async function scrollThrough(page: Page, rows: number) {
  return page.evaluate(async (wanted) => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="event-log-scroller"]');
    if (!scroller) throw new Error('no event log');
    scroller.scrollTop = 0;
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const frames: number[] = [];
    let maxRows = 0;
    let last = await frame();
    const passed = () => {
      const rowsInView = [...scroller.querySelectorAll<HTMLElement>('[role="row"][data-index]')];
      return Math.max(0, ...rowsInView.map((r) => Number(r.dataset.index)));
    };
    const deadline = performance.now() + 120_000;
    while (passed() < wanted && performance.now() < deadline) {
      scroller.scrollTop += 240;
      const now = await frame();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, scroller.querySelectorAll('[role="row"]').length);
    }
    return { frames, maxRows, reached: passed() };
  }, rows);
}

export async function run(): Promise<void> {
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error(`no dashboard build in ${dist}: run npm run build -w @hearth/dashboard`);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-log-'));
  // The generic definition is read by the sandbox's own user (the isolation sandbox).
  await fs.chmod(scratch, 0o755);
  const definition = path.join(scratch, 'definition.mjs');
  await fs.writeFile(definition, DEFINITION);
  let setupKey: string | null = null;
  const core = await buildCore(
    defaultConfig({
      dataDir: path.join(scratch, 'data'),
      dashboardDir: dist,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      autoStart: false,
      onSetupKey: (k) => (setupKey = k),
    }),
  );
  const browser = await chromium.launch({
    executablePath: process.env.HEARTH_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    await core.listen();
    const address = core.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const port = address.port;
    const api = `http://127.0.0.1:${port}/api/v1`;
    const call = async (method: string, route: string, body?: unknown, token?: string) => {
      const res = await fetch(`${api}${route}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${text}`);
      return text === '' ? null : (JSON.parse(text) as unknown);
    };
    const { token, user } = (await call('POST', `/setup/${setupKey}`, {
      username: 'bench',
      password: 'bench-password',
    })) as { token: string; user: { uid: string } };
    const instances: { uuid: string; name: string; dir: string }[] = [];
    for (const name of ['Survival', 'Creative']) {
      const uuid = (await call(
        'POST',
        '/instance/create_generic',
        { url: pathToFileURL(definition).href, setup_value: { name, setting_sections: {} } },
        token,
      )) as string;
      while (!core.ctx.instances.exists(uuid)) await new Promise((r) => setTimeout(r, 50));
      instances.push({ uuid, name, dir: core.ctx.instances.folder(uuid) });
    }
    const [survival] = instances;
    if (!survival) throw new Error('no instance');
    const seeded = await timed(async () =>
      seedHistory(core.ctx.db, {
        events: EVENTS,
        instances,
        actor: { type: 'User', user_id: user.uid, user_name: 'bench' },
        endMs: Date.now() - 60_000,
      }),
    );

    const filters: [string, Partial<LogFilter>][] = [
      ['no filter', {}],
      ['one instance', { instances: [survival.uuid] }],
      ['kind: players', { categories: ['players'] }],
      ['level: Error', { levels: ['Error'] }],
      ['who: System', { actors: [SYSTEM_ACTOR] }],
      [`text: ${RARE_PLAYER}`, { text: RARE_PLAYER }],
    ];
    console.log(
      `Event Logs over ${EVENTS.toLocaleString('en-US')} stored events (${RUNS} runs each, headless Chromium, ${os.cpus().length} CPUs; seeded in ${ms(seeded.ms)})`,
    );
    console.log('  core: one page of 100 entries, GET /activity/search');
    for (const [name, partial] of filters) {
      const query = logQueryParams({ ...emptyLogFilter(), ...partial }, { limit: 100 });
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i <= RUNS; i++) {
        const t = await timed(() =>
          call('GET', `/activity/search?${query.toString()}`, undefined, token),
        );
        if (i > 0) times.push(t.ms);
        count = (t.value as { entries: unknown[] }).entries.length;
      }
      console.log(`    ${pad(name)}: ${ms(median(times))} median (${count} entries)`);
    }
    const lodestone: number[] = [];
    let lodestoneCount = 0;
    const wholeRange = {
      ...emptyEventQuery(),
      event_instance_ids: [survival.uuid],
      time_range: { start: 0, end: Date.now() },
    };
    for (let i = 0; i <= RUNS; i++) {
      const t = await timed(() =>
        call(
          'GET',
          `/events/search?filter=${encodeURIComponent(JSON.stringify(wholeRange))}`,
          undefined,
          token,
        ),
      );
      if (i > 0) lodestone.push(t.ms);
      lodestoneCount = (t.value as unknown[]).length;
    }
    const onePage = median(
      await Promise.all(
        Array.from(
          { length: RUNS },
          async () =>
            (
              await timed(() =>
                call(
                  'GET',
                  `/activity/search?${logQueryParams({ ...emptyLogFilter(), instances: [survival.uuid] }).toString()}`,
                  undefined,
                  token,
                ),
              )
            ).ms,
        ),
      ),
    );
    console.log(
      `    vs the Lodestone search   : ${ms(median(lodestone))} median for one instance (${lodestoneCount.toLocaleString('en-US')} events, capped at 5,000, filtered in memory) — ${(median(lodestone) / onePage).toFixed(1)}× a log page`,
    );

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript(
      ({ port: p, token: jwt }) => {
        const w = window as unknown as { longTasks: number[] };
        w.longTasks = [];
        new PerformanceObserver((list) =>
          list.getEntries().forEach((e) => w.longTasks.push(e.duration)),
        ).observe({ type: 'longtask', buffered: true });
        if (localStorage.getItem('address')) return;
        localStorage.setItem(
          'cores',
          JSON.stringify([{ address: '127.0.0.1', port: p, protocol: 'http', apiVersion: 'v1' }]),
        );
        localStorage.setItem('address', '127.0.0.1');
        localStorage.setItem('port', String(p));
        localStorage.setItem('tokens', JSON.stringify({ [`127.0.0.1:${p}`]: jwt }));
      },
      { port, token },
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const base = `http://127.0.0.1:${port}/dashboard/logs?instance=${survival.uuid}`;
    const firstRow = page
      .getByRole('table', { name: 'Event log' })
      .locator('[role="row"][data-index="0"]');
    const cold: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const t = await timed(async () => {
        await page.goto(base);
        await firstRow.waitFor();
      });
      if (i > 0) cold.push(t.ms);
    }
    console.log('  dashboard (Event Logs tab of one instance)');
    console.log(
      `    ${pad('navigation → first rows')}: ${ms(median(cold))} median (page load included)`,
    );
    for (const [name, partial] of filters.slice(2)) {
      const search = logQueryParams({ ...emptyLogFilter(), ...partial });
      const times: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        await applyUrl(page, `/dashboard/logs?instance=${survival.uuid}`);
        const t = await applyUrl(
          page,
          `/dashboard/logs?instance=${survival.uuid}&${search.toString()}`,
        );
        if (i > 0) times.push(t);
      }
      console.log(`    ${pad(`filter ${name}`)}: ${ms(median(times))} median (URL → rows redrawn)`);
    }

    await page.goto(base);
    await firstRow.waitFor();
    const cdp = await context.newCDPSession(page);
    const tasksBefore = await page.evaluate(
      () => (window as unknown as { longTasks: number[] }).longTasks.length,
    );
    const scroll = await timed(() => scrollThrough(page, SCROLL_ROWS));
    const scrollTasks = await page.evaluate(
      (n) => (window as unknown as { longTasks: number[] }).longTasks.slice(n),
      tasksBefore,
    );
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    const frames = scroll.value.frames;
    const sorted = [...frames].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
    console.log(
      `    ${pad('scroll')}: ${scroll.value.reached.toLocaleString('en-US')} entries in ${(scroll.ms / 1000).toFixed(1)} s (${Math.ceil(scroll.value.reached / 100)} pages loaded on the way), ${frames.length} frames, ${ms(median(frames))} median frame, ${ms(p95)} p95, ${ms(sorted.at(-1) ?? 0)} longest, ${frames.filter((f) => f > 50).length} frames > 50 ms`,
    );
    console.log(
      `    ${pad('long tasks while scrolling')}: ${scrollTasks.length} (${ms(scrollTasks.reduce((a, b) => a + b, 0))} in total)`,
    );
    console.log(
      `    ${pad('rows in the DOM')}: at most ${scroll.value.maxRows} of ${scroll.value.reached.toLocaleString('en-US')} loaded (virtualized)`,
    );
    console.log(`    ${pad('JS heap (after GC)')}: ${mib(heap)} with those entries loaded`);
    if (errors.length > 0) {
      console.error(`  page errors: ${errors.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await core.close();
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await run();
