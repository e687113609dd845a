// First load of the dashboard's home screen, as sent on the wire: the built dashboard served by a
// real core (scripts/start.mjs, temp data dir, one instance so the sidebar has a row), opened signed
// in by headless Chromium with an empty cache over a throttled "Fast 3G" link (1.6 Mbps down, 750
// kbps up, 150 ms RTT through DevTools `Network.emulateNetworkConditions`). Counts every script and
// stylesheet the home fetched, with the bytes received (headers included) and their encoding, and
// times "interactive": from navigation start until the document has loaded and the sidebar shows
// the instance from the core's answer. Three ways in the same run: the Accept-Encoding Chromium
// sends (the core picks its brotli/gzip twin), gzip only, and uncompressed (`identity`); median of
// BENCH_RUNS (3), order rotated. Lodestone's 606 KB is a constant taken from issue 16, not measured
// here. Figures only: it never fails on a number.
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

const RUNS = envNumber('BENCH_RUNS', 3);
/** Lodestone's dashboard first load, as given in issue 16 (not measured here). */
const LODESTONE_KB = 606;
/** Issue 16's target: a fifth of Lodestone's first load. */
const TARGET_KB = 121;
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
    console.log(
      `dashboard first load, home screen, "Fast 3G" (1.6 Mbps / 750 kbps, 150 ms RTT), median of ${RUNS} (${machine()})`,
    );
    console.log(
      `  ${'script / stylesheet'.padEnd(44)} ${'encoding'.padEnd(9)} ${'body'.padStart(9)} ${'identity'.padStart(9)}`,
    );
    const plain = new Map(loads[2]![0]!.assets.map((e) => [e.url, e.body]));
    for (const e of [...first.assets].sort((a, b) => b.body - a.body))
      console.log(
        `  ${new URL(e.url).pathname.padEnd(44)} ${e.encoding.padEnd(9)} ${String(e.body).padStart(9)} ${String(plain.get(e.url) ?? '?').padStart(9)}`,
      );
    VARIANTS.forEach((v, i) =>
      line(
        v.label,
        `interactive after ${tti[i]!.toFixed(2)} s; scripts + styles ${kb(weight[i]!)} (${kib(weight[i]!)}) in ${loads[i]![0]!.assets.length} files, everything ${kib(sum(loads[i]![0]!.all, 'wire'))}`,
      ),
    );
    line('compressed / uncompressed, time', ratio(tti[0]!, tti[2]!));
    line('compressed / uncompressed, bytes', ratio(weight[0]!, weight[2]!));
    line(
      `vs Lodestone ${LODESTONE_KB} KB (issue 16)`,
      `${ratio(weight[0]! / 1000, LODESTONE_KB)} (target ≤ ${TARGET_KB} KB: ${((weight[0]! / 1000 / TARGET_KB) * 100).toFixed(0)} % of it)`,
    );
    return [
      {
        measure: 'Dashboard over "Fast 3G" (1.6 Mbps, 150 ms RTT), time to interactive',
        hearth: `${tti[0]!.toFixed(2)} s, ${kib(weight[0]!)} on the wire`,
        sideBySide: `the same files uncompressed: ${tti[2]!.toFixed(2)} s, ${kib(weight[2]!)}; gzip only: ${tti[1]!.toFixed(2)} s, ${kib(weight[1]!)}`,
        ratio: ratio(tti[0]!, tti[2]!),
      },
      {
        measure: 'First-load weight (every script and style the home loads, as sent)',
        hearth: `${kb(weight[0]!)} in ${first.assets.length} files`,
        sideBySide: `Lodestone: ${LODESTONE_KB} KB (figure from issue 16, not measured here); target ≤ ${TARGET_KB} KB`,
        ratio: ratio(weight[0]! / 1000, LODESTONE_KB),
      },
    ];
  } finally {
    await browser.close();
    await hearth.stop();
  }
}

if (isMain(import.meta.url)) await run();
