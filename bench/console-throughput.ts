// Console fan-out: a generic instance (definitions/flood) prints numbered lines as fast as it can for
// BENCH_SECONDS (10) while BENCH_SUBSCRIBERS (10) WebSocket subscribers, in their own process
// (support/ws-subscribers.ts), follow its console stream on a real core. Side by side in the same
// run: a bare `ws` server (support/bare-ws-server.ts) fanning the same program's lines out as the
// same frames to the same subscribers. For each: lines/s per subscriber, lines lost, server CPU µs
// per line delivered, server RSS peak, `GET /info` latency idle and during the flood; for the core
// also the bytes its data dir grew by and the bytes it wrote (/proc/<pid>/io). A fresh core per
// round; median of BENCH_RUNS (3) rounds, order alternated, each ratio with its spread over the
// rounds. Figures only: it never fails on a time.
//
//   npx tsx bench/console-throughput.ts
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiPaths } from '@hearth/protocol';
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
  ratioSpread,
  rotated,
} from './support/figures.ts';
import { startHearth } from './support/hearth-process.ts';
import { measureFlood, type FloodRound } from './support/flood-round.ts';
import { startScript, stopProcess } from './support/processes.ts';

const SECONDS = envNumber('BENCH_SECONDS', 10);
const SUBSCRIBERS = envNumber('BENCH_SUBSCRIBERS', 10);
const RUNS = envNumber('BENCH_RUNS', 3);
const here = path.dirname(fileURLToPath(import.meta.url));
const FLOOD_DIR = path.join(here, 'definitions/flood');

async function hearthRound(): Promise<FloodRound> {
  const hearth = await startHearth();
  try {
    const uuid = await hearth.createGeneric(
      pathToFileURL(path.join(FLOOD_DIR, 'definition.ts')).href,
      {
        section_1: {
          settings: { seconds: { value: { type: 'UnsignedInteger', value: SECONDS } } },
        },
      },
    );
    return await measureFlood(SUBSCRIBERS, SECONDS, {
      pid: hearth.pid,
      infoUrl: `${hearth.api}${apiPaths.info()}`,
      streamUrl: `ws://127.0.0.1:${hearth.port}/api/v1${apiPaths.consoleStream(uuid, hearth.token)}`,
      start: () => hearth.call('PUT', apiPaths.instanceStart(uuid)),
      dataDir: hearth.dataDir,
    });
  } finally {
    await hearth.stop();
  }
}

async function bareRound(): Promise<FloodRound> {
  const bare = await startScript(path.join(here, 'support/bare-ws-server.ts'), [
    ...['--flood', path.join(FLOOD_DIR, 'flood.mjs'), '--seconds', String(SECONDS)],
  ]);
  try {
    const base = `http://127.0.0.1:${bare.port}`;
    return await measureFlood(SUBSCRIBERS, SECONDS, {
      pid: bare.child.pid!,
      infoUrl: `${base}/api/v1/info`,
      streamUrl: `ws://127.0.0.1:${bare.port}/console`,
      start: async () => void (await fetch(`${base}/start`, { method: 'POST' })).text(),
      dataDir: null,
    });
  } finally {
    await stopProcess(bare.child);
  }
}

export default async function run(): Promise<BenchRow[]> {
  const rounds = { hearth: [] as FloodRound[], bare: [] as FloodRound[] };
  const runners = { hearth: hearthRound, bare: bareRound };
  for (let round = 0; round < RUNS; round++)
    for (const name of rotated(['hearth', 'bare'] as const, round))
      rounds[name].push(await runners[name]());

  const pick = (name: keyof typeof rounds, f: (r: FloodRound) => number) =>
    median(rounds[name].map(f));
  const all = (name: keyof typeof rounds, f: (r: FloodRound) => number[]) =>
    rounds[name].flatMap(f);
  const h = {
    rate: pick('hearth', (r) => r.rate),
    minRate: pick('hearth', (r) => r.minRate),
    lost: pick('hearth', (r) => r.lost),
    us: pick('hearth', (r) => r.cpuUsPerLine),
    rss: pick('hearth', (r) => r.rssPeak),
    printed: pick('hearth', (r) => r.printed),
    before: pick('hearth', (r) => r.diskBefore),
    after: pick('hearth', (r) => r.diskAfter),
    written: pick('hearth', (r) => r.written),
    idle: median(all('hearth', (r) => r.idle)),
    p50: median(all('hearth', (r) => r.flood)),
    max: Math.max(...all('hearth', (r) => r.flood)),
  };
  const b = {
    rate: pick('bare', (r) => r.rate),
    lost: pick('bare', (r) => r.lost),
    us: pick('bare', (r) => r.cpuUsPerLine),
    rss: pick('bare', (r) => r.rssPeak),
    idle: median(all('bare', (r) => r.idle)),
    p50: median(all('bare', (r) => r.flood)),
    max: Math.max(...all('bare', (r) => r.flood)),
  };
  const growth = h.after - h.before;
  console.log(
    `console fan-out — ${SECONDS} s flood to ${SUBSCRIBERS} subscribers, median of ${RUNS}, order alternated (${machine()})`,
  );
  line(
    'Hearth lines/s per subscriber',
    `${int(h.rate)} (slowest subscriber ${int(h.minRate)}), ${int(h.lost)} lost of ${int(h.printed)} × ${SUBSCRIBERS}`,
  );
  line('bare ws lines/s per subscriber', `${int(b.rate)}, ${int(b.lost)} lost`);
  const rateRatio = ratioSpread(
    rounds.hearth.map((r) => r.rate),
    rounds.bare.map((r) => r.rate),
  );
  const infoRatio = ratioSpread(
    rounds.hearth.map((r) => median(r.flood)),
    rounds.hearth.map((r) => median(r.idle)),
    1,
  );
  line('Hearth / bare ws', rateRatio);
  line(
    'CPU µs per line delivered',
    `Hearth ${h.us.toFixed(2)}, bare ws ${b.us.toFixed(2)} (${ratio(h.us, b.us)})`,
  );
  line('server RSS peak', `Hearth ${mib(h.rss)}, bare ws ${mib(b.rss)}`);
  line(
    'Hearth data dir during the flood',
    `${mib(h.before, 1)} → ${mib(h.after, 1)} (${(growth / h.printed).toFixed(0)} B per line printed)`,
  );
  line('bytes the core wrote (/proc io)', `${mib(h.written, 1)}`);
  line(
    'GET /info, Hearth',
    `idle p50 ${ms(h.idle, 1)}; flood p50 ${ms(h.p50, 1)}, p95 ${ms(
      quantile(
        all('hearth', (r) => r.flood),
        0.95,
      ),
      1,
    )}, max ${ms(h.max, 1)}`,
  );
  line(
    'GET /info, bare ws server',
    `idle p50 ${ms(b.idle, 1)}; flood p50 ${ms(b.p50, 1)}, max ${ms(b.max, 1)}`,
  );
  return [
    {
      measure: `Console fan-out, 1 flood instance → ${SUBSCRIBERS} subscribers`,
      hearth: `${int(h.rate)} lines/s per subscriber, ${int(h.lost)} lost; ${h.us.toFixed(2)} µs CPU per line; RSS peak ${mib(h.rss)}`,
      sideBySide: `a bare Node \`ws\` server, same child and frames: ${int(b.rate)}; ${b.us.toFixed(2)} µs; ${mib(b.rss)}`,
      ratio: rateRatio,
    },
    {
      measure: `Disk during that ${SECONDS} s flood`,
      hearth: `data dir ${mib(h.before, 1)} → ${mib(h.after, 1)} (${(growth / h.printed).toFixed(0)} B per line); ${mib(h.written, 1)} written`,
      sideBySide: 'bare `ws` server: writes nothing',
      ratio: '—',
    },
    {
      measure: '`GET /info` during the flood',
      hearth: `p50 ${ms(h.p50, 1)}, max ${ms(h.max)}`,
      sideBySide: `idle: ${ms(h.idle, 1)}; bare \`ws\` server during its flood: p50 ${ms(b.p50, 1)}`,
      ratio: infoRatio,
    },
  ];
}

if (isMain(import.meta.url)) await run();
