// Console render against the real core and socket: a generic instance (definitions/console-lines)
// prints lines on command; the real dashboard, served by the core, shows its Console tab in headless
// Chromium, measured from inside the page (support/console-probe.ts). Per round (a fresh page):
// steady output at BENCH_CONSOLE_RATE (2,000) lines/s for BENCH_CONSOLE_SECONDS (10) s, then bursts
// of 20,000 and 30,000 lines. For each: time from the first line written to the last line in the
// log's DOM (and on the page's socket), dropped frames (requestAnimationFrame gaps > 1.5× the
// refresh interval), long tasks, the JS heap at its peak and after GC vs the lines kept; for steady
// output how long after it was written the newest line is on screen. Median of BENCH_RUNS (3).
// Figures only: it never fails on a number.
//
//   npm run build && npx tsx bench/console-render.ts
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiPaths } from '@hearth/protocol';
import { launchChromium, signedInPage } from './support/browser.ts';
import { heapAfterGc, measureBatch, type Batch } from './support/console-batch.ts';
import { CONSOLE_PROBE_SCRIPT } from './support/console-probe.ts';
import type { BenchRow } from './support/figures.ts';
import {
  envNumber,
  int,
  isMain,
  line,
  machine,
  median,
  mib,
  ms,
  quantile,
  ratio,
} from './support/figures.ts';
import { refreshInterval } from './support/frame-stats.ts';
import { startHearth, type HearthProcess } from './support/hearth-process.ts';

const RUNS = envNumber('BENCH_RUNS', 3);
const RATE = envNumber('BENCH_CONSOLE_RATE', 2_000);
const SECONDS = envNumber('BENCH_CONSOLE_SECONDS', 10);
const BURSTS = [20_000, 30_000];
const DEFINITION = pathToFileURL(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    'definitions/console-lines/definition.ts',
  ),
).href;

interface Round {
  batches: Batch[];
  /** The refresh interval of the quiet page (ms). */
  interval: number;
  /** The page's JS heap after GC before any batch. */
  base: number;
}

async function round(hearth: HearthProcess, uuid: string, n: number): Promise<Round> {
  const browser = await launchChromium(['--enable-precise-memory-info']);
  try {
    const { page } = await signedInPage(browser, hearth.port, hearth.token);
    await page.addInitScript({ content: CONSOLE_PROBE_SCRIPT });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${hearth.url}/dashboard/console?instance=${uuid}`);
    await page
      .getByRole('status', { name: 'Console is live', exact: true })
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    const interval = refreshInterval(
      (await page.evaluate(() => window.consoleProbe.result())).frames.slice(-50),
    );
    const base = await heapAfterGc(cdp);
    const send = (command: string) => hearth.call('POST', apiPaths.instanceConsole(uuid), command);
    const batches = [
      await measureBatch(page, cdp, send, {
        command: `steady ${RATE} ${SECONDS} s${n}x`,
        tag: `s${n}x`,
        lines: RATE * SECONDS,
        steady: true,
        interval,
      }),
    ];
    for (const [i, lines] of BURSTS.entries())
      batches.push(
        await measureBatch(page, cdp, send, {
          command: `burst ${lines} b${n}x${i}`,
          tag: `b${n}x${i}`,
          lines,
          steady: false,
          interval,
        }),
      );
    if (errors.length > 0) console.error(`  page errors: ${errors.join('; ')}`);
    return { batches, interval, base };
  } finally {
    await browser.close();
  }
}

export default async function run(): Promise<BenchRow[]> {
  const hearth = await startHearth();
  try {
    const uuid = await hearth.createGeneric(DEFINITION);
    await hearth.call('PUT', apiPaths.instanceStart(uuid));
    await hearth.waitForState(uuid, 'Running');
    const rounds: Round[] = [];
    for (let n = 0; n < RUNS; n++) rounds.push(await round(hearth, uuid, n));
    const at = (i: number, f: (b: Batch) => number) => median(rounds.map((r) => f(r.batches[i]!)));
    const interval = median(rounds.map((r) => r.interval));
    const base = median(rounds.map((r) => r.base));
    const latencies = rounds.flatMap((r) => r.batches[0]!.latencies);
    const names = ['steady', ...BURSTS.map((b) => `burst ${int(b)}`)];
    console.log(
      `console render — the real Console tab on a real core, median of ${RUNS} fresh pages (${machine()})`,
    );
    line('refresh interval', `${ms(interval, 1)} (${(1000 / interval).toFixed(0)} Hz)`);
    names.forEach((name, i) => {
      const label = i === 0 ? `steady ${int(RATE)}/s × ${SECONDS} s` : name;
      line(
        `${label}: on screen`,
        `${ms(at(i, (b) => b.onScreen))} after the first line was written (on the socket after ${ms(at(i, (b) => b.onSocket))})`,
      );
      line(
        `${label}: frames`,
        `${at(i, (b) => b.dropped).toFixed(1)} % dropped of ~${int(at(i, (b) => b.expected))}; ${int(at(i, (b) => b.longTasks))} long tasks, longest ${ms(at(i, (b) => b.longestTask))}`,
      );
      line(
        `${label}: JS heap`,
        `peak ${mib(
          at(i, (b) => b.heapPeak),
          1,
        )}, after GC ${mib(
          at(i, (b) => b.heapAfter),
          1,
        )} with ${int(at(i, (b) => b.kept))} lines kept (page alone ${mib(base, 1)})`,
      );
    });
    line(
      'steady: newest line on screen',
      `${ms(median(latencies))} after it was written (p95 ${ms(quantile(latencies, 0.95))}, ${latencies.length} samples)`,
    );
    const burstFigures = BURSTS.map((lines, j) => {
      const i = j + 1;
      return {
        lines,
        screen: at(i, (b) => b.onScreen),
        socket: at(i, (b) => b.onSocket),
        dropped: at(i, (b) => b.dropped),
      };
    });
    BURSTS.forEach((_, j) => {
      const f = burstFigures[j]!;
      line(
        `burst ${int(f.lines)}: rates`,
        `lines reached the page's socket handler at ${int(f.lines / (f.socket / 1000))} lines/s (paced by the page's main thread); the view showed ${int(f.lines / (f.screen / 1000))} lines/s`,
      );
    });
    const last = BURSTS.length;
    const kept = at(last, (b) => b.heapAfter) - base;
    return [
      {
        measure: `Console, steady ${int(RATE)} lines/s into the Console tab (real core)`,
        hearth: `${int(at(0, (b) => b.longTasks))} long tasks, ${at(0, (b) => b.dropped).toFixed(1)} % dropped frames, on screen ${ms(median(latencies))} after sent`,
        sideBySide:
          "issue 16's figure for Lodestone's dashboard on the same core (not run here): longest task 16.8 s, 99.7 % dropped",
        ratio: '—',
      },
      {
        measure: `Console, a burst of ${BURSTS.map(int).join(' / ')} lines`,
        hearth: `on screen after ${burstFigures.map((f) => f.screen.toFixed(0)).join(' / ')} ms; ${burstFigures.map((f) => f.dropped.toFixed(0)).join(' / ')} % dropped frames`,
        sideBySide: `the lines reached the page's socket handler at ${burstFigures.map((f) => int(f.lines / (f.socket / 1000))).join(' / ')} lines/s (on the page's main thread; the core's own ceiling is the fan-out row)`,
        ratio: `the view renders ${burstFigures.map((f) => int(f.lines / (f.screen / 1000))).join(' / ')} lines/s`,
      },
      {
        measure: `Console JS heap at peak vs what is kept (${int(at(last, (b) => b.kept))} lines)`,
        hearth: `peak ${mib(at(last, (b) => b.heapPeak))}, after GC ${mib(at(last, (b) => b.heapAfter))}`,
        sideBySide: `the page without lines: ${mib(base)}; kept lines cost ${mib(kept)}`,
        ratio: ratio(at(last, (b) => b.heapPeak) - base, kept),
      },
    ];
  } finally {
    await hearth.stop();
  }
}

if (isMain(import.meta.url)) await run();
