// File transfer through a real core: a BENCH_FILE_MB (default 1024) file uploaded through
// `PUT fs/:b64/upload` (multipart, streamed) and downloaded through `GET /file/:key`, against a raw
// copy of the same file on the same disk (fs.copyFile and `cp`). Prints MB/s, the ratios, and the
// RSS of the process (core + client, in-process) sampled every 100 ms during the upload.
// Figures only: it never fails on a time.
//
//   npx tsx bench/file-transfer.ts          (BENCH_FILE_MB=1024)
import { spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { apiPaths } from '@hearth/protocol';
import { isMain, startFileBenchCore, type FileBenchCore } from './support/file-bench-core.ts';

const MiB = 1024 * 1024;
const SIZE = Math.max(1, Number(process.env.BENCH_FILE_MB ?? 1024)) * MiB;
const BOUNDARY = '----hearth-bench-boundary';

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

/** Seconds taken by `work`. */
async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

function upload(env: FileBenchCore, source: string, name: string): Promise<void> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = Readable.from(
    (async function* () {
      yield head;
      for await (const chunk of createReadStream(source, { highWaterMark: MiB }))
        yield chunk as Buffer;
      yield tail;
    })(),
  );
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(`${env.api}${apiPaths.fsUpload(env.uuid, 'uploads')}`), {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${env.token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + SIZE + tail.length),
      },
    });
    request.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`upload answered ${res.statusCode}`)),
      );
    });
    request.on('error', reject);
    pipeline(body, request).catch(reject);
  });
}

async function download(env: FileBenchCore, relative: string, target: string): Promise<void> {
  const keyRes = await fetch(`${env.api}${apiPaths.fsUrl(env.uuid, relative)}`, {
    headers: { authorization: `Bearer ${env.token}` },
  });
  if (keyRes.status !== 200) throw new Error(`url answered ${keyRes.status}`);
  const key = await keyRes.text();
  await new Promise<void>((resolve, reject) => {
    http
      .get(new URL(`${env.api}${apiPaths.download(key)}`), (res) => {
        if (res.statusCode !== 200) return reject(new Error(`download answered ${res.statusCode}`));
        pipeline(res, createWriteStream(target)).then(resolve, reject);
      })
      .on('error', reject);
  });
}

export default async function run(): Promise<void> {
  const env = await startFileBenchCore('transfer');
  const mb = SIZE / MiB;
  const rate = (seconds: number) => mb / seconds;
  try {
    const source = path.join(env.scratch, 'source.bin');
    await makeSource(source);

    const copyTarget = path.join(env.scratch, 'copy.bin');
    const copyFileSeconds = await timed(() => fs.copyFile(source, copyTarget));
    await fs.rm(copyTarget);
    const cpSeconds = await timed(async () => {
      const result = spawnSync('cp', [source, copyTarget]);
      if (result.status !== 0) throw new Error(`cp failed: ${result.stderr.toString()}`);
    });
    await fs.rm(copyTarget);

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    let uploadSeconds: number;
    try {
      uploadSeconds = await timed(() => upload(env, source, 'big.bin'));
    } finally {
      clearInterval(sampler);
    }
    const uploaded = path.join(env.root, 'uploads', 'big.bin');
    const uploadedSize = (await fs.stat(uploaded)).size;
    if (uploadedSize !== SIZE) throw new Error(`uploaded ${uploadedSize} bytes, expected ${SIZE}`);

    const downloaded = path.join(env.scratch, 'downloaded.bin');
    const downloadSeconds = await timed(() => download(env, 'uploads/big.bin', downloaded));
    const downloadedSize = (await fs.stat(downloaded)).size;
    if (downloadedSize !== SIZE)
      throw new Error(`downloaded ${downloadedSize} bytes, expected ${SIZE}`);
    await fs.rm(downloaded);

    // A streamed read+write copy in this process: what the core's own disk path costs without HTTP.
    const streamSeconds = await timed(() =>
      pipeline(
        createReadStream(source, { highWaterMark: MiB }),
        new PassThrough(),
        createWriteStream(copyTarget),
      ),
    );
    await fs.rm(copyTarget);

    const f = (n: number) => n.toFixed(0).padStart(6);
    console.log(
      `file transfer — ${mb} MiB through a real core on 127.0.0.1 (${os.cpus().length} CPUs: ${os.cpus()[0]?.model ?? '?'})`,
    );
    console.log(
      `  raw fs.copyFile            : ${f(rate(copyFileSeconds))} MB/s (${copyFileSeconds.toFixed(2)} s)`,
    );
    console.log(
      `  raw cp                     : ${f(rate(cpSeconds))} MB/s (${cpSeconds.toFixed(2)} s)`,
    );
    console.log(
      `  stream copy in-process     : ${f(rate(streamSeconds))} MB/s (${streamSeconds.toFixed(2)} s)`,
    );
    console.log(
      `  upload (multipart, fsync)  : ${f(rate(uploadSeconds))} MB/s (${uploadSeconds.toFixed(2)} s) — ${(cpSeconds / uploadSeconds).toFixed(2)}x cp, ${(copyFileSeconds / uploadSeconds).toFixed(2)}x copyFile`,
    );
    console.log(
      `  download (/file/:key)      : ${f(rate(downloadSeconds))} MB/s (${downloadSeconds.toFixed(2)} s) — ${(cpSeconds / downloadSeconds).toFixed(2)}x cp, ${(copyFileSeconds / downloadSeconds).toFixed(2)}x copyFile`,
    );
    console.log(
      `  RSS during the upload      : ${(baseline / MiB).toFixed(0)} MiB before → ${(peak / MiB).toFixed(0)} MiB peak (+${((peak - baseline) / MiB).toFixed(0)} MiB for a ${mb} MiB file; core and client share the process)`,
    );
  } finally {
    await env.close();
  }
}

if (isMain(import.meta.url)) await run();
