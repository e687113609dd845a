// A 300 MB upload through the real HTTP route, produced on the fly: the core (same process) must
// stream it to disk, so its RSS grows by far less than the payload. And an upload cut off half-way
// leaves nothing behind. Memory is compared with the payload size, never with time.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import { multipartBody, multipartType } from './faults-helpers.ts';
import { eventually, jobAfter, listTree, useFilesCore, type FilesCore } from './files-helpers.ts';

const MiB = 1024 * 1024;
const PAYLOAD = 300 * MiB;

let fc: FilesCore;

useFilesCore((opened) => (fc = opened));

function send(dir: string, body: { stream: Readable; length: number }): Promise<number | null> {
  const url = new URL(`${fc.t.api}${apiPaths.fsUpload(fc.uuid, dir)}`);
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${fc.owner}`,
        'content-type': multipartType,
        'content-length': String(body.length),
      },
    });
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? null));
    });
    request.on('error', () => resolve(null));
    pipeline(body.stream, request).catch(() => {
      request.destroy();
      resolve(null);
    });
  });
}

it('streams a 300 MB multipart upload to disk with RSS growth far below the payload', async () => {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const from = fc.log.events.length;
  let status: number | null;
  try {
    status = await send('uploads', multipartBody('world-backup.zip', PAYLOAD));
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  expect(status).toBe(200);
  const saved = path.join(fc.root, 'uploads', 'world-backup.zip');
  expect((await fs.stat(saved)).size).toBe(PAYLOAD);
  const handle = await fs.open(saved);
  const probe = Buffer.alloc(16);
  await handle.read(probe, 0, 16, PAYLOAD - 16);
  await handle.close();
  expect(probe.equals(Buffer.alloc(16, 0x5a))).toBe(true);
  expect(await listTree(path.join(fc.root, 'uploads'))).toEqual(['world-backup.zip']);

  const job = await jobAfter(fc.log, from, 'Uploading files');
  expect(job.end.success).toBe(true);
  expect(job.updates.length).toBeGreaterThan(90);
  expect(job.updates.length).toBeLessThanOrEqual(100);

  const growth = peak - baseline;
  console.log(
    `core+client RSS growth ${(growth / MiB).toFixed(1)} MiB for a ${PAYLOAD / MiB} MiB upload`,
  );
  // Buffering the upload would grow RSS by at least the payload; streaming stays near a few chunks.
  expect(growth).toBeLessThan(PAYLOAD / 3);
  await fs.rm(saved);
});

it('an upload cut off half-way leaves no file and no temp file, and its progression fails', async () => {
  await fs.mkdir(path.join(fc.root, 'cut'));
  await fs.writeFile(path.join(fc.root, 'cut', 'keep.txt'), 'keep');
  const from = fc.log.events.length;
  const status = await send('cut', multipartBody('partial.bin', 64 * MiB, 8 * MiB));
  expect(status).toBeNull();
  const job = await jobAfter(fc.log, from, 'Uploading files');
  expect(job.end.success).toBe(false);
  expect(job.end.message).toMatch(/^Failed to upload: /);
  await eventually(
    async () => (await listTree(path.join(fc.root, 'cut'))).length === 1,
    'the temp file to go',
  );
  expect(await listTree(path.join(fc.root, 'cut'))).toEqual(['keep.txt']);
});
