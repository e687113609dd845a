// Core start and footprint. Start: spawn → `GET /api/v1/info` answers (support/start-timer.ts) for
// Hearth as `npm start` runs it (scripts/start.mjs, or BENCH_CORE_COMMAND), Hearth's entry started
// directly (a built apps/core/dist/main.{js,mjs} when there is one, else `node --import tsx
// apps/core/src/main.ts`; or BENCH_CORE_DIRECT), and a bare Fastify app (support/bare-fastify.mjs)
// started with plain node and under tsx. Each on an existing data dir (one untimed warm-up start
// first, which runs WARM_UP_STAY_MS: a built core writes V8's code cache 5 s after its first start,
// and every start after that one uses it, as a user's would; the first start after a build, without
// that cache, is timed once on its own), median of BENCH_RUNS (3) rounds, order rotated. Footprint,
// like for like: the core's RSS fresh (owner set up), with 10 stopped instances, and
// BENCH_IDLE_SECONDS (60) later, each counting every child process the core keeps (the esbuild
// service that bundled the definitions stays alive for a while: 13–15 MiB), beside a bare Fastify
// app started with it and read at the same moments; BENCH_FOOTPRINT_RUNS (BENCH_RUNS) rounds, each
// ratio with its spread. Figures only.
//
//   npx tsx bench/core-start.ts
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from './support/figures.ts';
import {
  envNumber,
  isMain,
  line,
  machine,
  median,
  mib,
  ms,
  ratioSpread,
} from './support/figures.ts';
import { rotated } from './support/figures.ts';
import { idleDefinition, REPO, startHearth } from './support/hearth-process.ts';
import { descendantsOf, freePort, rssOf, stopProcess } from './support/processes.ts';
import type { ProcessEntry } from './support/processes.ts';
import { BARE_FASTIFY, startOnce, startVariants, timeToInfo } from './support/start-timer.ts';

const RUNS = envNumber('BENCH_RUNS', 3);
const FOOTPRINT_RUNS = envNumber('BENCH_FOOTPRINT_RUNS', RUNS);
const IDLE_SECONDS = envNumber('BENCH_IDLE_SECONDS', 60);
const INSTANCES = 10;
const SETTLE_MS = 2_000;
/** Longer than the 5 s after which a built core's first start writes its code cache (src/boot.ts). */
const WARM_UP_STAY_MS = 6_500;

const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));
const sumRss = (list: ProcessEntry[]) => list.reduce((sum, p) => sum + p.rss, 0);
const describe = (list: ProcessEntry[]) =>
  list.length === 0
    ? 'no child processes'
    : list.map((p) => `${mib(p.rss)} ${p.command.replace(REPO, '.').slice(0, 80)}`).join('; ');

interface Snapshot {
  rss: number;
  children: ProcessEntry[];
}
const snapshot = (pid: number): Snapshot => ({ rss: rssOf(pid), children: descendantsOf(pid) });
/** The process and every child it keeps. */
const total = (s: Snapshot) => s.rss + sumRss(s.children);

interface Footprint {
  fresh: Snapshot;
  ten: Snapshot;
  later: Snapshot;
  bareFresh: number;
  bareLater: number;
}

/** One round: the core and a bare Fastify app started together, read at the same moments. */
async function footprint(): Promise<Footprint> {
  const port = await freePort();
  const bare = await timeToInfo(process.execPath, [BARE_FASTIFY, '--port', String(port)], port);
  try {
    const hearth = await startHearth();
    try {
      await settle();
      const fresh = snapshot(hearth.pid);
      const bareFresh = rssOf(bare.child.pid!);
      const url = await idleDefinition(hearth.scratch);
      for (let i = 0; i < INSTANCES; i++) await hearth.createGeneric(url);
      await settle();
      const ten = snapshot(hearth.pid);
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      return {
        fresh,
        ten,
        later: snapshot(hearth.pid),
        bareFresh,
        bareLater: rssOf(bare.child.pid!),
      };
    } finally {
      await hearth.stop();
    }
  } finally {
    await stopProcess(bare.child);
  }
}

/** Removes the built core's code caches (apps/core/dist/*.v8cache); false when there is no build. */
async function removeCodeCaches(): Promise<boolean> {
  const dist = path.join(REPO, 'apps/core/dist');
  const names = await fs.readdir(dist).catch(() => null);
  if (names === null || !names.includes('main.mjs')) return false;
  for (const name of names.filter((n) => n.endsWith('.v8cache')))
    await fs.rm(path.join(dist, name), { force: true });
  return true;
}

export default async function run(): Promise<BenchRow[]> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-bench-start-'));
  const variants = startVariants();
  const times = variants.map(() => [] as number[]);
  let uncached: number | null = null;
  try {
    const dataDir = path.join(scratch, 'data');
    // Warm-up: the data dir, the OS file cache, the core's code cache.
    for (const variant of variants) await startOnce(variant, dataDir, WARM_UP_STAY_MS);
    // The first start after a build has no code cache yet: timed once without it, then rewritten.
    if (await removeCodeCaches()) {
      uncached = await startOnce(variants[1]!, dataDir);
      await startOnce(variants[1]!, dataDir, WARM_UP_STAY_MS);
    }
    for (let round = 0; round < RUNS; round++)
      for (const i of rotated([...variants.keys()], round))
        times[i]!.push(await startOnce(variants[i]!, dataDir));
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  const starts = times.map(median);
  const prints: Footprint[] = [];
  for (let round = 0; round < FOOTPRINT_RUNS; round++) prints.push(await footprint());
  const { fresh, ten, later } = prints.at(-1)!;
  const med = (pick: (f: Footprint) => number) => median(prints.map(pick));

  console.log(`core start and footprint — median of ${RUNS}, order rotated (${machine()})`);
  variants.forEach((v, i) =>
    line(
      v.name,
      `${ms(starts[i]!)} to /info (${times[i]!.map((t) => t.toFixed(0)).join(', ')}): ${v.how}`,
    ),
  );
  if (uncached !== null)
    line('Hearth, first start after a build', `${ms(uncached)} to /info (no code cache yet; once)`);
  line('Hearth (npm start) / bare Fastify', ratioSpread(times[0]!, times[2]!));
  line('Hearth (direct) / bare Fastify', ratioSpread(times[1]!, times[2]!));
  line('core RSS fresh', `${mib(fresh.rss)}; ${describe(fresh.children)}`);
  line(`with ${INSTANCES} stopped instances`, `${mib(ten.rss)}; ${describe(ten.children)}`);
  line(`${IDLE_SECONDS} s later`, `${mib(later.rss)}; ${describe(later.children)}`);
  line(
    'core + children, fresh / ten / later',
    prints.map((f) => [f.fresh, f.ten, f.later].map((x) => mib(total(x))).join(' / ')).join('; '),
  );
  line(
    'bare Fastify fresh / later',
    prints.map((f) => `${mib(f.bareFresh)} / ${mib(f.bareLater)}`).join('; '),
  );
  const freshRatio = ratioSpread(
    prints.map((f) => total(f.fresh)),
    prints.map((f) => f.bareFresh),
  );
  const laterRatio = ratioSpread(
    prints.map((f) => total(f.later)),
    prints.map((f) => f.bareLater),
  );
  line('fresh: core + children / bare', freshRatio);
  line(`${IDLE_SECONDS} s later: core + children / bare`, laterRatio);
  const tenKept = sumRss(ten.children);
  return [
    {
      measure: 'Core start (spawn → `/info` answers)',
      hearth: `${ms(starts[0]!)} (\`${variants[0]!.how}\`); ${ms(starts[1]!)} (\`${variants[1]!.how}\`)${uncached === null ? '' : `; the first start after a build ${ms(uncached)}`}`,
      sideBySide: `bare Fastify: ${ms(starts[2]!)} (${ms(starts[3]!)} under tsx)`,
      ratio: ratioSpread(times[0]!, times[2]!, 1),
    },
    {
      measure: `Core RSS with its child processes: fresh / ${INSTANCES} stopped instances / ${IDLE_SECONDS} s later`,
      hearth: `${mib(med((f) => total(f.fresh)))} / ${mib(med((f) => total(f.ten)))} / ${mib(med((f) => total(f.later)))}${tenKept > 0 ? ` (with ${INSTANCES} instances: ${mib(tenKept)} of it in ${ten.children.length} child process${ten.children.length === 1 ? '' : 'es'})` : ''}`,
      sideBySide: `bare Fastify started with it, read at the same moments: ${mib(med((f) => f.bareFresh))} / — / ${mib(med((f) => f.bareLater))}`,
      ratio: `fresh ${freshRatio}; later ${laterRatio}`,
    },
  ];
}

if (isMain(import.meta.url)) await run();
