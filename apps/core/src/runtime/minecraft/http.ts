import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { outboundFetch, outboundJson, outboundText } from '../../lib/outbound-http.ts';
import { CoreError } from '../../errors.ts';
import { MinecraftError } from './errors.ts';

/** How long a metadata request may take before it fails (version lists, build lists). */
export const METADATA_TIMEOUT_MS = 30_000;
/** How long a download may wait for the server to start answering. */
const DOWNLOAD_HEADERS_TIMEOUT_MS = 60_000;

/** GET a JSON document (with a time-out). Fails with an `External` error on network/HTTP/JSON problems. */
export function fetchJson(url: string, signal?: AbortSignal): Promise<unknown> {
  return outboundJson({ url, signal, timeoutMs: METADATA_TIMEOUT_MS });
}

/** GET a short text document; null when it is missing (404) or cannot be fetched. */
export async function fetchOptionalText(url: string, signal?: AbortSignal): Promise<string | null> {
  try {
    return await outboundText({ url, signal, timeoutMs: METADATA_TIMEOUT_MS });
  } catch (err) {
    if (signal?.aborted) throw err;
    return null;
  }
}

export interface ExpectedChecksum {
  algorithm: 'sha1' | 'sha256';
  hex: string;
}

export interface DownloadOptions {
  url: string;
  /** Final path; the body is written to a temp file beside it and renamed when complete and verified. */
  dest: string;
  /** Verified after the last byte; a mismatch removes the temp file and fails with `External`. */
  checksum?: ExpectedChecksum | undefined;
  /** Used when the response has no Content-Length. */
  expectedSize?: number | undefined;
  /**
   * Called roughly every 1 % of the size: `fractionDelta` is the share of the whole download received
   * since the last call (they add up to exactly 1), or 0 when the size is unknown.
   */
  onProgress?: (fractionDelta: number, received: number, total: number | null) => void;
  signal?: AbortSignal | undefined;
}

/** Streams a URL to `dest` through a temp file (never leaves a partial file behind). Returns the byte count. */
export async function downloadFile(opts: DownloadOptions): Promise<number> {
  // A download may take long: only the wait for its headers is bounded.
  const res = await outboundFetch({
    url: opts.url,
    signal: opts.signal,
    timeoutMs: DOWNLOAD_HEADERS_TIMEOUT_MS,
    timeoutHeadersOnly: true,
  });
  const header = Number(res.headers.get('content-length'));
  const total = Number.isFinite(header) && header > 0 ? header : (opts.expectedSize ?? null);
  if (!res.body) throw new MinecraftError('External', `GET ${opts.url} answered an empty body`);

  const hash = opts.checksum ? createHash(opts.checksum.algorithm) : null;
  let received = 0;
  let reportedFraction = 0;
  let reportedBytes = 0;
  const report = (final: boolean): void => {
    if (!opts.onProgress) return;
    if (total === null) {
      if (final || received - reportedBytes >= 1024 * 1024) {
        reportedBytes = received;
        opts.onProgress(0, received, null);
      }
      return;
    }
    const fraction = final ? 1 : Math.min(received / total, 1);
    if (final ? fraction > reportedFraction : fraction - reportedFraction >= 0.01) {
      const delta = fraction - reportedFraction;
      reportedFraction = fraction;
      opts.onProgress(delta, received, total);
    }
  };
  const meter = new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      received += chunk.length;
      hash?.update(chunk);
      report(false);
      done(null, chunk);
    },
  });

  const tmp = path.join(
    path.dirname(opts.dest),
    `.${path.basename(opts.dest)}.${randomBytes(6).toString('hex')}.part`,
  );
  try {
    const body = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    await pipeline(body, meter, createWriteStream(tmp), opts.signal ? { signal: opts.signal } : {});
    if (Number.isFinite(header) && header > 0 && received !== header) {
      throw new MinecraftError(
        'External',
        `Download of ${opts.url} ended early`,
        `got ${received} of ${header} bytes`,
      );
    }
    if (hash && opts.checksum) {
      const actual = hash.digest('hex');
      if (actual.toLowerCase() !== opts.checksum.hex.toLowerCase()) {
        throw new MinecraftError(
          'External',
          `Checksum mismatch for ${path.basename(opts.dest)} from ${opts.url}`,
          `expected ${opts.checksum.algorithm} ${opts.checksum.hex}, got ${actual}`,
        );
      }
    }
    report(true);
    await rename(tmp, opts.dest);
    return received;
  } catch (err) {
    await rm(tmp, { force: true });
    if (err instanceof CoreError || opts.signal?.aborted) throw err;
    throw new MinecraftError('External', `Download of ${opts.url} failed`, (err as Error).message);
  }
}
