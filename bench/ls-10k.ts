// Listing a folder of BENCH_LS_ENTRIES (default 10,000; one in ten a folder) entries: `GET
// fs/:b64/ls` on a real core in its own process, timed end to end over HTTP from this process, side
// by side in the same run with a bare node:http server doing the same work (readdir, lstat 64 at a
// time, the same JSON; support/bare-file-server.ts) and with the simplest way to list a folder in
// this process, no HTTP: a synchronous readdirSync + lstatSync loop (the fairest ceiling: ~50 ms
// where a loop that awaits each lstat in turn takes ~350 ms, which made Hearth look 3× faster than
// the simple way when it is ~2× slower; that awaited loop is still printed, as what not to compare
// with). One warm-up round, then BENCH_RUNS (3) rounds, the order rotated each round: medians, and
// each ratio with its spread over the rounds. Figures only: it never fails on a time.
//
//   npx tsx bench/ls-10k.ts
import { lstatSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@hearth/protocol';
import type { BenchRow } from './support/figures.ts';
import {
  envNumber,
  isMain,
  kib,
  line,
  machine,
  median,
  ms,
  ratioSpread,
  rotated,
} from './support/figures.ts';
import { idleDefinition, startHearth } from './support/hearth-process.ts';
import { startScript, stopProcess } from './support/processes.ts';

const ENTRIES = envNumber('BENCH_LS_ENTRIES', 10_000);
const RUNS = envNumber('BENCH_RUNS', 3);
const FOLDER = 'big';
const support = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support');

type Contender = 'hearth' | 'bare' | 'sync' | 'awaited';

async function fill(dir: string): Promise<void> {
  await fs.mkdir(dir);
  for (let n = 0; n < ENTRIES; n++) {
    if (n % 10 === 0) await fs.mkdir(path.join(dir, `folder-${n}`));
    else await fs.writeFile(path.join(dir, `file-${n}.txt`), `entry ${n}\n`);
  }
}

/** One GET, timed until the whole body is read and parsed; checks the entry count. */
async function timedGet(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  const count = (JSON.parse(text) as unknown[]).length;
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  if (count !== ENTRIES) throw new Error(`${url} listed ${count} entries, not ${ENTRIES}`);
  return { ms: elapsed, bytes: Buffer.byteLength(text) };
}

/** The simplest listing there is: readdir, then lstat each entry, all synchronous. */
function synchronousLoop(dir: string): number {
  const started = performance.now();
  for (const name of readdirSync(dir)) lstatSync(path.join(dir, name));
  return performance.now() - started;
}

/** A loop that awaits each lstat in turn (a round trip to the thread pool per entry). */
async function awaitedLoop(dir: string): Promise<number> {
  const started = performance.now();
  for (const name of await fs.readdir(dir)) await fs.lstat(path.join(dir, name));
  return performance.now() - started;
}

export default async function run(): Promise<BenchRow[]> {
  const hearth = await startHearth();
  let bare: Awaited<ReturnType<typeof startScript>> | null = null;
  try {
    const uuid = await hearth.createGeneric(await idleDefinition(hearth.scratch));
    const root = (await hearth.call<{ path: string }>('GET', apiPaths.instanceInfo(uuid))).path;
    const dir = path.join(root, FOLDER);
    await fill(dir);
    bare = await startScript(path.join(support, 'bare-file-server.ts'), ['--root', root]);
    const hearthUrl = `${hearth.api}${apiPaths.fsLs(uuid, FOLDER)}`;
    const bareUrl = `http://127.0.0.1:${bare.port}/ls/${FOLDER}`;
    const auth = { authorization: `Bearer ${hearth.token}` };
    const bytes = { hearth: 0, bare: 0 };
    const measure: Record<Contender, () => Promise<number>> = {
      hearth: async () => {
        const r = await timedGet(hearthUrl, auth);
        bytes.hearth = r.bytes;
        return r.ms;
      },
      bare: async () => {
        const r = await timedGet(bareUrl, {});
        bytes.bare = r.bytes;
        return r.ms;
      },
      sync: () => Promise.resolve(synchronousLoop(dir)),
      awaited: () => awaitedLoop(dir),
    };
    const order: Contender[] = ['hearth', 'bare', 'sync', 'awaited'];
    for (const name of order) await measure[name](); // warm-up: caches and the JIT
    const times: Record<Contender, number[]> = { hearth: [], bare: [], sync: [], awaited: [] };
    for (let round = 0; round < RUNS; round++)
      for (const name of rotated(order, round)) times[name].push(await measure[name]());

    const m = (name: Contender) => median(times[name]);
    const spread = (name: Contender) =>
      `${ms(m(name), 1)} (min ${ms(Math.min(...times[name]), 1)}, max ${ms(Math.max(...times[name]), 1)})`;
    console.log(
      `ls of a ${ENTRIES.toLocaleString('en-US')}-entry folder — median of ${RUNS} after a warm-up, order rotated (${machine()})`,
    );
    line('Hearth GET fs/:b64/ls', `${spread('hearth')}, ${kib(bytes.hearth)} of JSON`);
    line('bare node:http, same listing', `${spread('bare')}, ${kib(bytes.bare)} of JSON`);
    line('readdirSync + lstatSync loop', spread('sync'));
    line('(a loop awaiting each lstat)', spread('awaited'));
    line('Hearth / bare HTTP', ratioSpread(times.hearth, times.bare));
    line('Hearth / synchronous loop', ratioSpread(times.hearth, times.sync));
    return [
      {
        measure: `\`ls\` of ${ENTRIES.toLocaleString('en-US')} entries over HTTP`,
        hearth: ms(m('hearth')),
        sideBySide: `bare HTTP ${ms(m('bare'))}; a synchronous readdir+lstat loop in-process ${ms(m('sync'))} (one awaiting each lstat: ${ms(m('awaited'))}, not a fair ceiling)`,
        ratio: `${ratioSpread(times.hearth, times.bare)} / ${ratioSpread(times.hearth, times.sync)}`,
      },
    ];
  } finally {
    if (bare) await stopProcess(bare.child);
    await hearth.stop();
  }
}

if (isMain(import.meta.url)) await run();
