// SFTP transfer (issue 28): a BENCH_FILE_MB (default 512) MiB file uploaded to and downloaded from
// a real core over its SFTP server by OpenSSH's `sftp` client (batch mode, key sign-in, its own
// process), side by side in the same run with the same core's HTTP file API (multipart upload,
// `GET /file/:key`, support/transfer-client.ts). No OpenSSH server runs beside it (there is none
// here to compare with); the HTTP API is the ceiling the issue names instead. Downloads are
// fsynced by both clients (`sync FILE` after `sftp`). Every source is dropped from the page cache
// first. Median of BENCH_RUNS (3) rounds, the order rotated each round. Figures only: it never fails
// on a time. Needs `sftp` and `ssh-keygen` (Debian's openssh-client).
//
//   npx tsx bench/sftp-transfer.ts
import { spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths, type SftpInfo } from '@hearth/protocol';
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
  rotated,
} from './support/figures.ts';
import { idleDefinition, startHearth } from './support/hearth-process.ts';
import { evict } from './support/page-cache.ts';
import type { TransferJob } from './support/transfer-client.ts';
import { freePort, runScript, sampleRss } from './support/processes.ts';

const SIZE = envNumber('BENCH_FILE_MB', 512) * MiB;
const RUNS = envNumber('BENCH_RUNS', 3);
const support = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support');

type Contender = 'sftp' | 'http';
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

/** Seconds the HTTP client process took for one transfer (its own clock, around the request). */
async function httpTransfer(job: TransferJob): Promise<number> {
  const out = JSON.parse(
    await runScript(path.join(support, 'transfer-client.ts'), [JSON.stringify(job)]),
  ) as { seconds: number; bytes: number };
  if (out.bytes !== SIZE) throw new Error(`${job.mode}: ${out.bytes} bytes, not ${SIZE}`);
  return out.seconds;
}

export default async function run(): Promise<BenchRow[]> {
  for (const program of ['sftp', 'ssh-keygen'])
    if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0)
      throw new Error(`${program} is not installed (apt-get install openssh-client)`);
  const hearth = await startHearth();
  try {
    const uuid = await hearth.createGeneric(await idleDefinition(hearth.scratch));
    const root = (await hearth.call<{ path: string }>('GET', apiPaths.instanceInfo(uuid))).path;
    await fs.mkdir(path.join(root, 'uploads'), { recursive: true });
    const port = await freePort();
    await hearth.call('PUT', apiPaths.sftpSettings(), { enabled: true, port });
    const info = await hearth.call<SftpInfo>('GET', apiPaths.sftpInfo());
    const login = info.accounts.find((a) => a.instance_uuid === uuid)?.username;
    if (login === undefined) throw new Error('the owner has no SFTP account for the instance');
    const key = path.join(hearth.scratch, 'bench-key');
    const keygen = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
    if (keygen.status !== 0) throw new Error(`ssh-keygen failed: ${keygen.stderr.toString()}`);
    const pub = (await fs.readFile(`${key}.pub`, 'utf8')).trim();
    await hearth.call('POST', apiPaths.sshKeyAdd(), { name: 'bench', public_key: pub });

    const source = path.join(hearth.scratch, 'big.bin');
    await makeSource(source);
    const target = path.join(hearth.scratch, 'copy.bin');
    const uploaded = path.join(root, 'uploads', 'big.bin');
    const auth = { authorization: `Bearer ${hearth.token}` };
    const residentAfterEvict: (number | null)[] = [];
    const cold = (file: string) => residentAfterEvict.push(evict(file));

    /** Seconds for one `sftp -b` batch, and `sync` of `syncFile` when given. */
    const sftp = (command: string, syncFile?: string): number => {
      const args = [
        ...['-q', '-b', '-', '-i', key, '-P', String(port)],
        ...['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null'],
        ...['-o', 'IdentitiesOnly=yes', '-o', 'IdentityAgent=none', '-o', 'LogLevel=ERROR'],
        `${login}@127.0.0.1`,
      ];
      const started = performance.now();
      const result = spawnSync('sftp', args, { input: `${command}\n`, cwd: hearth.scratch });
      if (result.status !== 0) throw new Error(`sftp ${command}: ${result.stderr.toString()}`);
      if (syncFile !== undefined) spawnSync('sync', [syncFile]);
      return (performance.now() - started) / 1000;
    };

    const measure: Record<Contender, () => Promise<Round>> = {
      sftp: async () => {
        cold(source);
        const rss = sampleRss(hearth.pid);
        const up = sftp('put big.bin uploads/big.bin');
        const rssPeak = rss.stop();
        cold(uploaded);
        const down = sftp('get uploads/big.bin copy.bin', target);
        if ((await fs.stat(target)).size !== SIZE) throw new Error('sftp get: wrong size');
        await Promise.all([fs.rm(target), fs.rm(uploaded)]);
        return { up, down, rssPeak };
      },
      http: async () => {
        cold(source);
        const rss = sampleRss(hearth.pid);
        const url = `${hearth.api}${apiPaths.fsUpload(uuid, 'uploads')}`;
        const up = await httpTransfer({ mode: 'upload', url, file: source, headers: auth });
        const rssPeak = rss.stop();
        cold(uploaded);
        const downKey = await hearth.call<string>('GET', apiPaths.fsUrl(uuid, 'uploads/big.bin'));
        const downUrl = `${hearth.api}${apiPaths.download(downKey)}`;
        const down = await httpTransfer({ mode: 'download', url: downUrl, target });
        await Promise.all([fs.rm(target), fs.rm(uploaded)]);
        return { up, down, rssPeak };
      },
    };

    const rounds: Record<Contender, Round[]> = { sftp: [], http: [] };
    const order: Contender[] = ['sftp', 'http'];
    for (let round = 0; round < RUNS; round++)
      for (const name of rotated(order, round)) rounds[name].push(await measure[name]());

    const mb = SIZE / MiB;
    const rate = (name: Contender, kind: 'up' | 'down') =>
      mb / median(rounds[name].map((r) => r[kind]));
    const cache = residentAfterEvict.every((bytes) => bytes === 0)
      ? 'cold (each source dropped from the page cache by fadvise; fincore: 0 bytes resident)'
      : `warm (could not drop every source from the page cache: ${residentAfterEvict.join(', ')})`;
    const f = (n: number) => `${n.toFixed(0)} MiB/s`;
    console.log(`SFTP transfer — ${mb} MiB, median of ${RUNS}, order rotated (${machine()})`);
    line('reads', cache);
    line('HTTP file API upload (multipart, fsync)', f(rate('http', 'up')));
    line(
      'SFTP upload (OpenSSH sftp put, fsync)',
      `${f(rate('sftp', 'up'))} — ${ratio(rate('sftp', 'up'), rate('http', 'up'))} HTTP`,
    );
    line('HTTP file API download (/file/:key)', f(rate('http', 'down')));
    line(
      'SFTP download (OpenSSH sftp get, sync)',
      `${f(rate('sftp', 'down'))} — ${ratio(rate('sftp', 'down'), rate('http', 'down'))} HTTP`,
    );
    line('core RSS peak during an SFTP upload', mib(median(rounds.sftp.map((r) => r.rssPeak))));
    line('core RSS peak during an HTTP upload', mib(median(rounds.http.map((r) => r.rssPeak))));
    return [
      {
        measure: `SFTP upload / download ${mb} MiB (OpenSSH sftp client)`,
        hearth: `${rate('sftp', 'up').toFixed(0)} / ${rate('sftp', 'down').toFixed(0)} MiB/s`,
        sideBySide: `the same core's HTTP file API: ${rate('http', 'up').toFixed(0)} / ${rate('http', 'down').toFixed(0)}`,
        ratio: `${ratio(rate('sftp', 'up'), rate('http', 'up'))} / ${ratio(rate('sftp', 'down'), rate('http', 'down'))}`,
      },
    ];
  } finally {
    await hearth.stop();
  }
}

if (isMain(import.meta.url)) await run();
