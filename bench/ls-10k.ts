// Listing a folder of BENCH_LS_ENTRIES (default 10,000) entries through a real core:
// `GET fs/:b64/ls` timed end to end over HTTP (median of BENCH_LS_RUNS runs, default 15),
// against a raw readdir + lstat of the same folder in-process. The dashboard-render half of this
// benchmark lives with the dashboard. Figures only: it never fails on a time.
//
//   npx tsx bench/ls-10k.ts
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '@hearth/protocol';
import { isMain, median, startFileBenchCore } from './support/file-bench-core.ts';

const ENTRIES = Math.max(1, Number(process.env.BENCH_LS_ENTRIES ?? 10_000));
const RUNS = Math.max(1, Number(process.env.BENCH_LS_RUNS ?? 15));

export default async function run(): Promise<void> {
  const env = await startFileBenchCore('ls');
  try {
    const dir = path.join(env.root, 'big');
    await fs.mkdir(dir);
    for (let i = 0; i < ENTRIES; i += 500) {
      await Promise.all(
        Array.from({ length: Math.min(500, ENTRIES - i) }, (_, j) => {
          const n = i + j;
          return n % 10 === 0
            ? fs.mkdir(path.join(dir, `folder-${n}`))
            : fs.writeFile(path.join(dir, `file-${n}.txt`), `entry ${n}\n`);
        }),
      );
    }

    const url = `${env.api}${apiPaths.fsLs(env.uuid, 'big')}`;
    const headers = { authorization: `Bearer ${env.token}` };
    let bytes = 0;
    let count = 0;
    const http: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      const text = await res.text();
      const entries = JSON.parse(text) as unknown[];
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`ls answered ${res.status}: ${text.slice(0, 200)}`);
      if (i > 0) http.push(ms); // the first run warms caches and the JIT
      bytes = Buffer.byteLength(text);
      count = entries.length;
    }

    const raw: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      const names = await fs.readdir(dir);
      await Promise.all(names.map((name) => fs.lstat(path.join(dir, name))));
      if (i > 0) raw.push(performance.now() - started);
    }

    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `ls of a ${ENTRIES}-entry folder — ${RUNS} runs after one warm-up (${os.cpus().length} CPUs: ${os.cpus()[0]?.model ?? '?'})`,
    );
    console.log(
      `  GET fs/:b64/ls over HTTP   : ${ms(median(http))} median (${ms(Math.min(...http))} min, ${ms(Math.max(...http))} max), ${count} entries, ${(bytes / 1024).toFixed(0)} KiB of JSON`,
    );
    console.log(`  raw readdir + lstat        : ${ms(median(raw))} median`);
    console.log(`  ratio core / raw           : ${(median(http) / median(raw)).toFixed(1)}x`);
  } finally {
    await env.close();
  }
}

if (isMain(import.meta.url)) await run();
