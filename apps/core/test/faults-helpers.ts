// Shared by the faults-*.test.ts suites (issue 25): a small tmpfs to run out of space on, a file
// made read-only by a bind mount, a disk filled to the last byte, and a multipart upload sent by a
// raw client (so a request the core never answers stays visible instead of being retried).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MiB = 1024 * 1024;

/** A tmpfs of `sizeMiB` mounted on a fresh folder, or the reason it could not be mounted. */
export async function mountTmpfs(sizeMiB: number): Promise<{ dir: string } | { reason: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-tmpfs-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m`, 'tmpfs', dir]);
    return { dir };
  } catch (err) {
    await fs.rmdir(dir).catch(() => undefined);
    return { reason: err instanceof Error ? err.message : String(err) };
  }
}

/** Unmounts what `mountTmpfs` or `bindReadOnly` mounted (lazily: a core may still hold a file). */
export async function unmount(target: string): Promise<void> {
  await run('umount', ['-l', target]).catch(() => undefined);
}

/** Removes the mount point of an unmounted tmpfs. */
export async function removeMountPoint(dir: string): Promise<void> {
  await unmount(dir);
  await fs.rmdir(dir).catch(() => undefined);
}

/**
 * Makes one existing file read-only for everyone, root included, by bind-mounting it onto itself
 * read-only (root ignores permission bits; a read-only mount it cannot ignore).
 */
export async function bindReadOnly(file: string): Promise<void> {
  await run('mount', ['--bind', file, file]);
  await run('mount', ['-o', 'remount,bind,ro', file]);
}

/** Free bytes on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await fs.statfs(dir);
  return s.bavail * s.bsize;
}

/**
 * Writes `file` until the file system holding it is full except for `leaveBytes` (0: full to the
 * last block). The data is random-looking so nothing can compress it away.
 */
export async function fillDisk(file: string, leaveBytes = 0): Promise<void> {
  const handle = await fs.open(file, 'a');
  try {
    const chunk = Buffer.alloc(MiB);
    for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 2654435761) >>> 24;
    for (;;) {
      const room = (await freeBytes(path.dirname(file))) - leaveBytes;
      if (room <= 0) break;
      try {
        await handle.write(chunk, 0, Math.min(chunk.length, room));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw err;
      }
    }
  } finally {
    await handle.close();
  }
}

const BOUNDARY = '----hearth-faults-boundary';

/**
 * A multipart body with one file part of `size` bytes, generated in fresh 64 KiB chunks; with
 * `stopAfter`, the stream fails once that many bytes are sent (a client that gives up half-way).
 */
export function multipartBody(
  name: string,
  size: number,
  stopAfter = Number.POSITIVE_INFINITY,
): { stream: Readable; length: number } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  let sent = 0;
  let stage: 'head' | 'data' | 'tail' | 'done' = 'head';
  const stream = new Readable({
    read() {
      if (stage === 'head') {
        stage = 'data';
        this.push(head);
      } else if (stage === 'data') {
        if (sent >= stopAfter) {
          this.destroy(new Error('client gave up'));
          return;
        }
        const n = Math.min(64 * 1024, size - sent);
        sent += n;
        if (sent >= size) stage = 'tail';
        this.push(Buffer.alloc(n, 0x5a));
      } else if (stage === 'tail') {
        stage = 'done';
        this.push(tail);
      } else {
        this.push(null);
      }
    },
  });
  return { stream, length: head.length + size + tail.length };
}

export interface RawAnswer {
  status: number;
  text: string;
  json: unknown;
}

/**
 * Sends `body` with PUT and resolves with the answer as soon as it comes, even while the body is
 * still being sent (a core that refuses mid-body answers, then closes). Rejects only when the
 * connection fails without any answer.
 */
export function putStream(
  url: string,
  token: string,
  contentType: string,
  body: { stream: Readable; length: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': contentType,
        'content-length': String(body.length),
      },
    });
    let answered = false;
    request.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
      res.on('error', reject);
    });
    request.on('error', (err) => {
      if (!answered) reject(err);
    });
    // The core may close the connection once it has answered: the rest of the body is not wanted.
    pipeline(body.stream, request).catch(() => undefined);
  });
}

export const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
