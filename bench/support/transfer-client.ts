// The HTTP client of the file-transfer benchmark, in its own process so that it never shares an
// event loop with the server it measures. One transfer per run; prints `{"seconds":…,"bytes":…}`.
//
//   upload:   node --import tsx transfer-client.ts '{"mode":"upload","url":…,"file":…,"headers":{…}}'
//             (the file goes as one multipart/form-data part named "file")
//   download: node --import tsx transfer-client.ts '{"mode":"download","url":…,"target":…}'
//             (written to target and fsynced before the clock stops)
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface TransferJob {
  mode: 'upload' | 'download';
  url: string;
  headers?: Record<string, string>;
  file?: string;
  target?: string;
}

const BOUNDARY = '----hearth-bench-boundary';
const MiB = 1024 * 1024;

async function upload(job: TransferJob, file: string): Promise<number> {
  const { size } = await fs.stat(file);
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = Readable.from(
    (async function* () {
      yield head;
      for await (const chunk of createReadStream(file, { highWaterMark: MiB }))
        yield chunk as Buffer;
      yield tail;
    })(),
  );
  await new Promise<void>((resolve, reject) => {
    const request = http.request(job.url, {
      method: 'PUT',
      headers: {
        ...job.headers,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve()
          : reject(new Error(`upload answered ${res.statusCode}: ${text.slice(0, 300)}`)),
      );
    });
    request.on('error', reject);
    pipeline(body, request).catch(reject);
  });
  return size;
}

async function download(job: TransferJob, target: string): Promise<number> {
  // flush: the file is fsynced before the stream closes (and pipeline waits for the close).
  const out = createWriteStream(target, { flush: true });
  await new Promise<void>((resolve, reject) => {
    http
      .get(job.url, { headers: job.headers }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`download answered ${res.statusCode}`));
        }
        pipeline(res, out).then(resolve, reject);
      })
      .on('error', reject);
  });
  return (await fs.stat(target)).size;
}

const job = JSON.parse(process.argv[2] ?? '{}') as TransferJob;
const started = performance.now();
const bytes =
  job.mode === 'upload' ? await upload(job, job.file ?? '') : await download(job, job.target ?? '');
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, bytes }));
