import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { syncDir, tempName } from '../files/atomic-ops.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import type { Excluder } from './backup-excludes.ts';
import { TAR_END, tarHeader, tarPadding } from './tar-blocks.ts';
import { walkTree, type WalkCounters, type WalkItem } from './tree-walk.ts';

/**
 * gzip's fastest level (Wings' default for backups too): game data is mostly compressed already
 * (region files), so level 6 buys ~1% size for ~1.5x the time (bench/backup.ts).
 */
export const DEFAULT_GZIP_LEVEL = 1;
const READ_CHUNK = 256 * 1024;

export interface ArchiveStats {
  sha256: string;
  /** Bytes of the archive file. */
  sizeBytes: number;
  /** File bytes stored. */
  uncompressedBytes: number;
  /** Files and directories stored. */
  entries: number;
  skipped: number;
}

export interface ArchiveOptions {
  /** The folder to archive (its contents become the archive's top level). */
  root: string;
  excluded: Excluder;
  /** Final path of the archive; written as a temp file beside it, then renamed. */
  output: string;
  gzipLevel?: number;
  /** File bytes read so far, as they are read. */
  onBytes?: (n: number) => void;
  signal?: AbortSignal;
}

async function* fileBlocks(
  item: Extract<WalkItem, { kind: 'file' }>,
  stats: ArchiveStats,
  onBytes?: (n: number) => void,
): AsyncGenerator<Buffer> {
  yield tarHeader({ ...item, path: item.relative, type: 'File' });
  // Exactly the size the header declares: a file that grows meanwhile is cut there, one that
  // shrinks is padded with zeros, so the archive stays well-formed while a game writes.
  let position = 0;
  while (position < item.size) {
    const length = Math.min(READ_CHUNK, item.size - position);
    const buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await item.handle.read(buffer, 0, length, position);
    if (bytesRead === 0) {
      yield Buffer.alloc(item.size - position);
      break;
    }
    position += bytesRead;
    onBytes?.(bytesRead);
    yield bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
  }
  stats.uncompressedBytes += item.size;
  yield tarPadding(item.size);
}

async function* tarStream(
  sandbox: FileSandbox,
  excluded: Excluder,
  stats: ArchiveStats,
  onBytes?: (n: number) => void,
): AsyncGenerator<Buffer> {
  const counters: WalkCounters = { skipped: 0 };
  for await (const item of walkTree(sandbox, excluded, counters)) {
    stats.entries++;
    if (item.kind === 'dir') {
      yield tarHeader({ ...item, path: item.relative, type: 'Directory', size: 0 });
      continue;
    }
    try {
      yield* fileBlocks(item, stats, onBytes);
    } finally {
      await item.handle.close();
    }
  }
  stats.skipped = counters.skipped;
  yield TAR_END;
}

/** Where the archive's writer keeps the error of a failed write (see writeBackupArchive). */
interface WriteFailure {
  error: unknown;
}

async function writeAllTo(
  handle: FileHandle,
  source: AsyncIterable<Buffer>,
  failure: WriteFailure,
): Promise<void> {
  for await (const chunk of source) {
    let offset = 0;
    while (offset < chunk.byteLength) {
      try {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
        offset += bytesWritten;
      } catch (err) {
        failure.error = err;
        throw err;
      }
    }
  }
}

/**
 * Streams `root` as a gzip-compressed tar into `output`: one file's chunk in memory at a time,
 * zlib on the thread pool, the sha256 and size computed on the compressed bytes as they pass. The
 * archive appears under its final name only when complete and fsynced; on any failure the temp
 * file is removed.
 */
export async function writeBackupArchive(options: ArchiveOptions): Promise<ArchiveStats> {
  const dir = path.dirname(options.output);
  const temp = path.join(dir, tempName());
  const handle = await open(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  const stats: ArchiveStats = {
    sha256: '',
    sizeBytes: 0,
    uncompressedBytes: 0,
    entries: 0,
    skipped: 0,
  };
  const hash = createHash('sha256');
  const failure: WriteFailure = { error: null };
  try {
    const sandbox = new FileSandbox(options.root);
    await pipeline(
      Readable.from(tarStream(sandbox, options.excluded, stats, options.onBytes), {
        objectMode: false,
      }),
      createGzip({ level: options.gzipLevel ?? DEFAULT_GZIP_LEVEL, chunkSize: 64 * 1024 }),
      async function* (compressed: AsyncIterable<Buffer>) {
        for await (const chunk of compressed) {
          hash.update(chunk);
          stats.sizeBytes += chunk.byteLength;
          yield chunk;
        }
      },
      (source: AsyncIterable<Buffer>) => writeAllTo(handle, source, failure),
      ...(options.signal ? [{ signal: options.signal }] : []),
    );
    await handle.sync();
    await handle.close();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    // A failed write (a full disk) tears the pipeline down, and the stages before it may report
    // only the abort that caused ("The operation was aborted"): the write's own error says why.
    throw failure.error ?? err;
  }
  try {
    await rename(temp, options.output);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await syncDir(dir);
  stats.sha256 = hash.digest('hex');
  return stats;
}
