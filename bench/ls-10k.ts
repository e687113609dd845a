// Listing a folder of BENCH_LS_ENTRIES (default 10,000; one in ten a folder) entries: `GET
// fs/:b64/ls` on a real core in its own process, timed end to end over HTTP from this process, side
// by side in the same run with a bare node:http server doing the same work (readdir, lstat 64 at a
// time, the same JSON; support/bare-file-server.ts) and with a sequential readdir + lstat loop
// (one lstat after another) in this process, no HTTP. One warm-up round, then the median of
// BENCH_RUNS (3) rounds, the order rotated each round. Figures only: it never fails on a time.
//
//   npx tsx bench/ls-10k.ts
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
  ratio,
  rotated,
} from './support/figures.ts';
import { idleDefinition, startHearth } from './support/hearth-process.ts';
import { startScript, stopProcess } from './support/processes.ts';

const ENTRIES = envNumber('BENCH_LS_ENTRIES', 10_000);
const RUNS = envNumber('BENCH_RUNS', 3);
const FOLDER = 'big';
const support = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support');

type Contender = 'hearth' | 'bare' | 'loop';

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

async function sequentialLoop(dir: string): Promise<number> {
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
      loop: () => sequentialLoop(dir),
    };
    const order: Contender[] = ['hearth', 'bare', 'loop'];
    for (const name of order) await measure[name](); // warm-up: caches and the JIT
    const times: Record<Contender, number[]> = { hearth: [], bare: [], loop: [] };
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
    line('sequential readdir + lstat loop', spread('loop'));
    line('Hearth / bare HTTP', ratio(m('hearth'), m('bare')));
    line('Hearth / sequential loop', ratio(m('hearth'), m('loop')));
    return [
      {
        measure: `\`ls\` of ${ENTRIES.toLocaleString('en-US')} entries over HTTP`,
        hearth: ms(m('hearth')),
        sideBySide: `bare HTTP ${ms(m('bare'))}; a sequential readdir+lstat loop in-process ${ms(m('loop'))}`,
        ratio: `${ratio(m('hearth'), m('bare'))} / ${ratio(m('hearth'), m('loop'))}`,
      },
    ];
  } finally {
    if (bare) await stopProcess(bare.child);
    await hearth.stop();
  }
}

if (isMain(import.meta.url)) await run();
