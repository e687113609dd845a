// File transfer: a BENCH_FILE_MB (default 512) MiB file uploaded (multipart `PUT fs/:b64/upload`)
// to and downloaded (`GET /file/:key`) from a real core in its own process, by a client in a third
// process, side by side in the same run with its ceilings: `cp` of the same file followed by an
// fsync of the copy (`sync FILE`), and a bare node:http server that streams the upload to disk with
// fsync and serves the download (support/bare-file-server.ts). Downloads are fsynced by the client.
// Every source is dropped from the page cache first (per file, support/page-cache.ts). Median of
// BENCH_RUNS (3) rounds, the order rotated each round; the ratios with their spread over the rounds.
// Figures only: it never fails on a time.
//
//   npx tsx bench/file-transfer.ts
import { spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@hearth/protocol';
import type { BenchRow } from './support/figures.ts';
import {
  envNumber,
  isMain,
  line,
  machine,
  median,
  MiB,
  mib,
  ratio,
  ratioSpread,
  rotated,
} from './support/figures.ts';
import { idleDefinition, startHearth } from './support/hearth-process.ts';
import { evict } from './support/page-cache.ts';
import type { TransferJob } from './support/transfer-client.ts';
import { runScript, sampleRss, startScript, stopProcess } from './support/processes.ts';

const SIZE = envNumber('BENCH_FILE_MB', 512) * MiB;
const RUNS = envNumber('BENCH_RUNS', 3);
const support = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support');

type Contender = 'cp' | 'hearth' | 'bare';
interface Round {
  up: number;
  down: number;
  rssPeak: number;
}

async function makeSource(file: string): Promise<void> {
  const chunk = Buffer.alloc(MiB);
  randomFillSync(chunk);
  const handle = await fs.open(file, 'w');
  try {
    for (let written = 0; written < SIZE; written += chunk.length)
      await handle.write(chunk, 0, Math.min(chunk.length, SIZE - written));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Seconds the client process took for one transfer (its own clock, around the request only). */
async function transfer(job: TransferJob, expected: number): Promise<number> {
  const out = JSON.parse(
    await runScript(path.join(support, 'transfer-client.ts'), [JSON.stringify(job)]),
  ) as { seconds: number; bytes: number };
  if (out.bytes !== expected) throw new Error(`${job.mode}: ${out.bytes} bytes, not ${expected}`);
  return out.seconds;
}

function cpWithFsync(source: string, target: string): number {
  const started = performance.now();
  const result = spawnSync('sh', ['-c', 'cp "$1" "$2" && sync "$2"', 'sh', source, target]);
  if (result.status !== 0) throw new Error(`cp failed: ${result.stderr.toString()}`);
  return (performance.now() - started) / 1000;
}

export default async function run(): Promise<BenchRow[]> {
  const hearth = await startHearth();
  let bare: Awaited<ReturnType<typeof startScript>> | null = null;
  try {
    const uuid = await hearth.createGeneric(await idleDefinition(hearth.scratch));
    const root = (await hearth.call<{ path: string }>('GET', apiPaths.instanceInfo(uuid))).path;
    await fs.mkdir(path.join(root, 'uploads'), { recursive: true });
    const bareRoot = path.join(hearth.scratch, 'bare');
    await fs.mkdir(bareRoot);
    bare = await startScript(path.join(support, 'bare-file-server.ts'), ['--root', bareRoot]);
    const bareUrl = `http://127.0.0.1:${bare.port}`;
    const bareChild = bare.child;
    const source = path.join(hearth.scratch, 'big.bin');
    await makeSource(source);
    const target = path.join(hearth.scratch, 'copy.bin');
    const auth = { authorization: `Bearer ${hearth.token}` };
    const residentAfterEvict: (number | null)[] = [];
    const cold = (file: string) => residentAfterEvict.push(evict(file));

    const measure: Record<Contender, () => Promise<Round>> = {
      cp: async () => {
        cold(source);
        const seconds = cpWithFsync(source, target);
        await fs.rm(target);
        return { up: seconds, down: seconds, rssPeak: NaN };
      },
      hearth: async () => {
        cold(source);
        const rss = sampleRss(hearth.pid);
        const url = `${hearth.api}${apiPaths.fsUpload(uuid, 'uploads')}`;
        const up = await transfer({ mode: 'upload', url, file: source, headers: auth }, SIZE);
        const rssPeak = rss.stop();
        const uploaded = path.join(root, 'uploads', 'big.bin');
        cold(uploaded);
        const key = await hearth.call<string>('GET', apiPaths.fsUrl(uuid, 'uploads/big.bin'));
        const downUrl = `${hearth.api}${apiPaths.download(key)}`;
        const down = await transfer({ mode: 'download', url: downUrl, target }, SIZE);
        await Promise.all([fs.rm(target), fs.rm(uploaded)]);
        return { up, down, rssPeak };
      },
      bare: async () => {
        cold(source);
        const rss = sampleRss(bareChild.pid!);
        const up = await transfer(
          { mode: 'upload', url: `${bareUrl}/upload/big.bin`, file: source },
          SIZE,
        );
        const rssPeak = rss.stop();
        cold(path.join(bareRoot, 'big.bin'));
        const down = await transfer(
          { mode: 'download', url: `${bareUrl}/download/big.bin`, target },
          SIZE,
        );
        await Promise.all([fs.rm(target), fs.rm(path.join(bareRoot, 'big.bin'))]);
        return { up, down, rssPeak };
      },
    };

    const rounds: Record<Contender, Round[]> = { cp: [], hearth: [], bare: [] };
    const order: Contender[] = ['cp', 'hearth', 'bare'];
    for (let round = 0; round < RUNS; round++) {
      for (const name of rotated(order, round)) rounds[name].push(await measure[name]());
    }

    const mb = SIZE / MiB;
    const rate = (name: Contender, kind: 'up' | 'down') =>
      mb / median(rounds[name].map((r) => r[kind]));
    const cache = residentAfterEvict.every((bytes) => bytes === 0)
      ? 'cold (each source dropped from the page cache by fadvise; fincore: 0 bytes resident)'
      : `warm (could not drop every source from the page cache: ${residentAfterEvict.join(', ')})`;
    const f = (n: number) => `${n.toFixed(0)} MiB/s`;
    /** Hearth's rate over the bare server's, round by round (a rate ratio is a time ratio upside down). */
    const rateSpread = (kind: 'up' | 'down') =>
      ratioSpread(
        rounds.bare.map((r) => r[kind]),
        rounds.hearth.map((r) => r[kind]),
      );
    console.log(`file transfer — ${mb} MiB, median of ${RUNS}, order rotated (${machine()})`);
    line('reads', cache);
    line('cp + fsync of the copy', f(rate('cp', 'up')));
    line('bare node:http upload (fsync)', f(rate('bare', 'up')));
    line(
      'Hearth upload (multipart, fsync)',
      `${f(rate('hearth', 'up'))} — ${ratio(rate('hearth', 'up'), rate('bare', 'up'))} bare, ${ratio(rate('hearth', 'up'), rate('cp', 'up'))} cp`,
    );
    line('bare node:http download', f(rate('bare', 'down')));
    line(
      'Hearth download (/file/:key)',
      `${f(rate('hearth', 'down'))} — ${ratio(rate('hearth', 'down'), rate('bare', 'down'))} bare, ${ratio(rate('hearth', 'down'), rate('cp', 'down'))} cp`,
    );
    line('Hearth / bare, per round (up, down)', `${rateSpread('up')}; ${rateSpread('down')}`);
    line('core RSS peak during an upload', mib(median(rounds.hearth.map((r) => r.rssPeak))));
    line('bare server RSS peak during one', mib(median(rounds.bare.map((r) => r.rssPeak))));
    return [
      {
        measure: `Upload / download ${mb} MiB, client and server in separate processes`,
        hearth: `${rate('hearth', 'up').toFixed(0)} / ${rate('hearth', 'down').toFixed(0)} MiB/s`,
        sideBySide: `bare Node HTTP server streaming to disk with fsync: ${rate('bare', 'up').toFixed(0)} / ${rate('bare', 'down').toFixed(0)}; \`cp\` + fsync: ${rate('cp', 'up').toFixed(0)}`,
        ratio: `${rateSpread('up')} / ${rateSpread('down')}`,
      },
    ];
  } finally {
    if (bare) await stopProcess(bare.child);
    await hearth.stop();
  }
}

if (isMain(import.meta.url)) await run();
