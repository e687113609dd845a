import { createHash } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { writeFileAtomicAt, type WriteSource } from '../../lib/atomic-write.ts';
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
  algorithm: 'sha1' | 'sha256' | 'sha512';
  hex: string;
}

export interface DownloadOptions {
  url: string;
  /**
   * Final host path in the core's own folders (a JRE archive in the data dir); the body goes to a
   * temp file beside it that is renamed when complete and verified. For a file in an instance
   * folder use `save` instead.
   */
  dest?: string;
  /**
   * Stores the verified body instead of `dest` (e.g. `InstanceFolder.write`, a temp file and rename
   * in a verified folder). It must consume the source to its end: a checksum or length mismatch is
   * thrown from it after the last chunk, before anything is renamed into place.
   */
  save?: (body: WriteSource) => Promise<void>;
  /** Names the file in messages (default: the last component of `dest`). */
  name?: string;
  /** Verified after the last byte; a mismatch removes the temp file and fails with `External`. */
  checksum?: ExpectedChecksum | undefined;
  /** Used when the response has no Content-Length. */
  expectedSize?: number | undefined;
  /** A body past this many bytes is refused while it streams (the source said how large it is). */
  maxBytes?: number | undefined;
  /**
   * Called roughly every 1 % of the size: `fractionDelta` is the share of the whole download received
   * since the last call (they add up to exactly 1), or 0 when the size is unknown.
   */
  onProgress?: (fractionDelta: number, received: number, total: number | null) => void;
  signal?: AbortSignal | undefined;
}

/**
 * Streams a URL into place through a temp file (never leaves a partial file behind): `dest` or the
 * caller's `save`. Returns the byte count.
 */
export async function downloadFile(opts: DownloadOptions): Promise<number> {
  const save =
    opts.save ?? (opts.dest ? (body: WriteSource) => writeFileAtomicAt(opts.dest!, body) : null);
  if (save === null) throw new Error('downloadFile needs a dest or a save function');
  const name = opts.name ?? path.basename(opts.dest ?? opts.url);
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
  const body = Readable.fromWeb(
    res.body as WebReadableStream<Uint8Array>,
  ) as AsyncIterable<Uint8Array>;

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

  // The verified body: every chunk is counted and hashed on its way to the file, and the checks
  // run after the last one, so a bad download fails before the temp file is renamed into place.
  async function* verified(): AsyncGenerator<Buffer> {
    for await (const chunk of body) {
      const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      received += buf.length;
      if (opts.maxBytes !== undefined && received > opts.maxBytes) {
        throw new MinecraftError(
          'External',
          `Download of ${opts.url} is larger than announced`,
          `more than ${opts.maxBytes} bytes`,
        );
      }
      hash?.update(buf);
      report(false);
      yield buf;
    }
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
          `Checksum mismatch for ${name} from ${opts.url}`,
          `expected ${opts.checksum.algorithm} ${opts.checksum.hex}, got ${actual}`,
        );
      }
    }
    report(true);
  }

  try {
    await save(verified());
    return received;
  } catch (err) {
    if (opts.signal?.aborted) {
      const reason: unknown = opts.signal.reason;
      throw reason instanceof Error ? reason : err;
    }
    // A refusal of the sandbox (a planted link, a folder in the way) says what it is; anything
    // else (the connection broke, the disk is full) is the download's failure.
    if (err instanceof CoreError && err.kind !== 'Internal') throw err;
    const cause = err instanceof CoreError ? err.causes.join(': ') : (err as Error).message;
    throw new MinecraftError('External', `Download of ${opts.url} failed`, cause);
  }
}
