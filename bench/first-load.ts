// First load of the dashboard's home screen. Weight, like for like: gzip -9 of the scripts and
// stylesheets the home's index.html loads (its module script, modulepreloads and stylesheets: what
// the first paint waits for), beside a bare React 19 `createRoot` app built in the same run with
// the same Vite basics (support/first-load-weight.ts) — issue 24's target is at most 1.8× that —
// and, for the whole picture, gzip -9 of every script and stylesheet the home fetched until the
// network was idle (code loaded after the first paint: the event stream, the connection modals).
// Time: the built dashboard served by a real core (scripts/start.mjs, temp data dir, one instance so
// the sidebar has a row), opened signed in by headless Chromium with an empty cache over a
// throttled "Fast 3G" link (1.6 Mbps down, 750 kbps up, 150 ms RTT through DevTools
// `Network.emulateNetworkConditions`); "interactive" is from navigation start until the document
// has loaded and the sidebar shows the instance from the core's answer. Three ways in the same run:
// the Accept-Encoding Chromium sends (the core picks its brotli/gzip twin), gzip only, and
// uncompressed (`identity`); median of BENCH_RUNS (3), order rotated. Figures only: it never fails
// on a number.
//
//   npm run build && npx tsx bench/first-load.ts
import type { Browser } from '@playwright/test';
import type { BenchRow } from './support/figures.ts';
import {
  envNumber,
  isMain,
  kib,
  line,
  machine,
  median,
  ratio,
  rotated,
} from './support/figures.ts';
import { idleDefinition, startHearth, type HearthProcess } from './support/hearth-process.ts';
import { launchChromium, signedInPage } from './support/browser.ts';
import { recordWire, type WireEntry } from './support/wire-log.ts';
import {
  DASHBOARD_DIST,
  sumGzip,
  weigh,
  weighBareReact,
  weighHtml,
} from './support/first-load-weight.ts';

const RUNS = envNumber('BENCH_RUNS', 3);
/** Issue 24's target: the home's first load at most this many times a bare React 19 app's. */
const TARGET_RATIO = 1.8;
const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};

interface Variant {
  label: string;
  /** Accept-Encoding to send instead of Chromium's own; null = Chromium's. */
  encoding: string | null;
}
const VARIANTS: Variant[] = [
  { label: 'as Chromium asks', encoding: null },
  { label: 'gzip only', encoding: 'gzip' },
  { label: 'uncompressed (identity)', encoding: 'identity' },
];

interface Load {
  tti: number;
  assets: WireEntry[];
  all: WireEntry[];
}

async function loadHome(browser: Browser, hearth: HearthProcess, variant: Variant): Promise<Load> {
  const { context, page } = await signedInPage(browser, hearth.port, hearth.token);
  try {
    const cdp = await context.newCDPSession(page);
    const wire = await recordWire(cdp);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    if (variant.encoding)
      await cdp.send('Network.setExtraHTTPHeaders', {
        headers: { 'Accept-Encoding': variant.encoding },
      });
    await page.goto(`${hearth.url}/`, { waitUntil: 'commit' });
    const ready = await page.waitForFunction(
      () =>
        document.readyState === 'complete' &&
        document.querySelector('ul[aria-label="Instance list"] button') !== null &&
        performance.now(),
      null,
      { polling: 'raf', timeout: 120_000 },
    );
    const tti = (await ready.jsonValue()) as number;
    await page.waitForLoadState('networkidle');
    const all = wire();
    return { tti, all, assets: all.filter((e) => e.type === 'Script' || e.type === 'Stylesheet') };
  } finally {
    await context.close();
  }
}

const sum = (entries: WireEntry[], key: 'wire' | 'body') => entries.reduce((n, e) => n + e[key], 0);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export default async function run(): Promise<BenchRow[]> {
  const bare = await weighBareReact();
  const firstPaint = await weighHtml(DASHBOARD_DIST);
  const hearth = await startHearth();
  const browser = await launchChromium();
  try {
    await hearth.createGeneric(await idleDefinition(hearth.scratch));
    const loads = VARIANTS.map(() => [] as Load[]);
    for (let round = 0; round < RUNS; round++)
      for (const i of rotated([...VARIANTS.keys()], round))
        loads[i]!.push(await loadHome(browser, hearth, VARIANTS[i]!));

    const tti = loads.map((l) => median(l.map((x) => x.tti)) / 1000);
    const weight = loads.map((l) => median(l.map((x) => sum(x.assets, 'wire'))));
    const first = loads[0]![0]!;
    const fetched = await weigh(
      DASHBOARD_DIST,
      first.assets.map((e) => new URL(e.url).pathname),
    );
    const gz = { bare: sumGzip(bare), firstPaint: sumGzip(firstPaint), fetched: sumGzip(fetched) };
    const inHtml = new Set(firstPaint.map((a) => a.url));
    console.log(
      `dashboard first load, home screen, "Fast 3G" (1.6 Mbps / 750 kbps, 150 ms RTT), median of ${RUNS} (${machine()})`,
    );
    console.log(
      `  ${'script / stylesheet'.padEnd(44)} ${'loaded by'.padEnd(10)} ${'gzip -9'.padStart(8)} ${'sent'.padStart(8)} ${'encoding'.padEnd(8)}`,
    );
    const gzipOf = new Map(fetched.map((a) => [a.url, a.gzip]));
    for (const e of [...first.assets].sort((a, b) => b.body - a.body)) {
      const url = new URL(e.url).pathname;
      console.log(
        `  ${url.padEnd(44)} ${(inHtml.has(url) ? 'the HTML' : 'later').padEnd(10)} ${String(gzipOf.get(url) ?? '?').padStart(8)} ${String(e.body).padStart(8)} ${e.encoding}`,
      );
    }
    line(
      'bare React 19 app, same run',
      `${kb(gz.bare)} gzip -9 in ${bare.length} files (${bare.map((a) => a.url).join(', ')})`,
    );
    line(
      'what the home’s HTML loads',
      `${kb(gz.firstPaint)} gzip -9 in ${firstPaint.length} files: ${ratio(gz.firstPaint, gz.bare)} bare React (target ≤ ${TARGET_RATIO}×, ${kb(gz.bare * TARGET_RATIO)})`,
    );
    line(
      'all the home fetched by network idle',
      `${kb(gz.fetched)} gzip -9 in ${fetched.length} files: ${ratio(gz.fetched, gz.bare)} bare React`,
    );
    VARIANTS.forEach((v, i) =>
      line(
        v.label,
        `interactive after ${tti[i]!.toFixed(2)} s; scripts + styles ${kb(weight[i]!)} (${kib(weight[i]!)}) sent in ${loads[i]![0]!.assets.length} files, everything ${kib(sum(loads[i]![0]!.all, 'wire'))}`,
      ),
    );
    line('compressed / uncompressed, time', ratio(tti[0]!, tti[2]!));
    line('compressed / uncompressed, bytes', ratio(weight[0]!, weight[2]!));
    return [
      {
        measure: 'Dashboard over "Fast 3G" (1.6 Mbps, 150 ms RTT), time to interactive',
        hearth: `${tti[0]!.toFixed(2)} s, ${kib(weight[0]!)} on the wire`,
        sideBySide: `the same files uncompressed: ${tti[2]!.toFixed(2)} s, ${kib(weight[2]!)}; gzip only: ${tti[1]!.toFixed(2)} s, ${kib(weight[1]!)}`,
        ratio: ratio(tti[0]!, tti[2]!),
      },
      {
        measure: 'First-load weight (gzip -9 of what the home’s HTML loads)',
        hearth: `${kb(gz.firstPaint)} in ${firstPaint.length} files; all the home fetched by network idle: ${kb(gz.fetched)} in ${fetched.length} files`,
        sideBySide: `a bare React 19 createRoot app built in the same run: ${kb(gz.bare)}; target ≤ ${TARGET_RATIO}×`,
        ratio: ratio(gz.firstPaint, gz.bare),
      },
    ];
  } finally {
    await browser.close();
    await hearth.stop();
  }
}

if (isMain(import.meta.url)) await run();
