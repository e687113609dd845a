import { randomBytes } from 'node:crypto';
import { constants, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Prefix of every temporary file or directory the core creates next to its target. */
export const TEMP_PREFIX = '.hearth-tmp-';

/** A fresh temporary name (never a client-chosen one, so it can't be pre-planted). */
export function tempName(): string {
  return `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`;
}

export const CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export interface WriteProgress {
  onBytes?: (bytes: number) => void;
  signal?: AbortSignal;
}

export type WriteSource = string | Uint8Array | Readable | AsyncIterable<Buffer | string>;

/**
 * Copies `data` into an open file, chunk by chunk: each chunk is written before the next is read, so
 * memory stays at one chunk whatever the size. An abort destroys the source and rejects.
 */
export async function writeAll(
  handle: FileHandle,
  data: WriteSource,
  progress: WriteProgress = {},
): Promise<void> {
  const { onBytes, signal } = progress;
  signal?.throwIfAborted();
  if (typeof data === 'string' || data instanceof Uint8Array) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    await handle.writeFile(bytes);
    onBytes?.(bytes.byteLength);
    return;
  }
  const abort = () => {
    const reason =
      signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
    if ('destroy' in data && typeof data.destroy === 'function') data.destroy(reason);
  };
  signal?.addEventListener('abort', abort, { once: true });
  try {
    for await (const chunk of data as AsyncIterable<unknown>) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
      let offset = 0;
      while (offset < buf.byteLength) {
        const { bytesWritten } = await handle.write(buf, offset, buf.byteLength - offset);
        offset += bytesWritten;
      }
      onBytes?.(buf.byteLength);
    }
    signal?.throwIfAborted();
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}

export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY).catch(() => undefined);
  if (handle === undefined) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

/**
 * The core's one atomic write: a temp file beside the target (created O_EXCL | O_NOFOLLOW), fsync,
 * rename over `dir/name`, fsync of the directory. On any failure the temp file is removed and the old
 * file is untouched; a link planted at `name` is replaced, never followed.
 */
export async function writeFileAtomic(
  dir: string,
  name: string,
  data: WriteSource,
  mode = 0o644,
  progress?: WriteProgress,
): Promise<void> {
  const temp = path.join(dir, tempName());
  const handle = await open(temp, CREATE_FLAGS, mode);
  try {
    await writeAll(handle, data, progress);
    await handle.chmod(mode);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await handle.close();
  try {
    await rename(temp, path.join(dir, name));
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await syncDir(dir);
}

/** `writeFileAtomic` for a whole path. */
export function writeFileAtomicAt(file: string, data: WriteSource, mode?: number): Promise<void> {
  return writeFileAtomic(path.dirname(file), path.basename(file), data, mode);
}

/** Pretty JSON with a trailing newline, written atomically. */
export function writeJsonAtomic(file: string, value: unknown, mode?: number): Promise<void> {
  return writeFileAtomicAt(file, `${JSON.stringify(value, null, 2)}\n`, mode);
}
