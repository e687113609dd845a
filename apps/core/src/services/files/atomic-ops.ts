import { randomBytes } from 'node:crypto';
import {
  constants,
  mkdir,
  open,
  rename,
  rm,
  rmdir,
  unlink,
  type FileHandle,
} from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { conflictName } from './file-name.ts';
import { isErrno } from './fs-error.ts';

/** Prefix of every temporary file or directory the service creates next to its target. */
export const TEMP_PREFIX = '.hearth-tmp-';

/** A fresh temporary name (never a client-chosen one, so it can't be pre-planted). */
export function tempName(): string {
  return `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`;
}

const CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export interface WriteProgress {
  onBytes?: (bytes: number) => void;
  signal?: AbortSignal;
}

/**
 * Copies `data` into an open file, chunk by chunk: each chunk is written before the next is read, so
 * memory stays at one chunk whatever the size. An abort destroys the source and rejects.
 */
export type WriteSource = Uint8Array | Readable | AsyncIterable<Buffer | string>;

export async function writeAll(
  handle: FileHandle,
  data: WriteSource,
  progress: WriteProgress = {},
): Promise<void> {
  const { onBytes, signal } = progress;
  signal?.throwIfAborted();
  if (data instanceof Uint8Array) {
    await handle.writeFile(data);
    onBytes?.(data.byteLength);
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

/**
 * Creates a new file named `name` (or `name_1.ext`, … when `suffix`) in a verified directory.
 * O_EXCL makes the choice atomic: an existing file — or a symbolic link planted there — is never
 * opened, let alone truncated.
 */
export async function createUniqueFile(
  dir: string,
  name: string,
  suffix: boolean,
  mode = 0o644,
): Promise<{ name: string; handle: FileHandle }> {
  for (let n = 0; ; n++) {
    const candidate = conflictName(name, n);
    try {
      return { name: candidate, handle: await open(`${dir}/${candidate}`, CREATE_FLAGS, mode) };
    } catch (err) {
      if (!isErrno(err, 'EEXIST') || !suffix) throw err;
    }
  }
}

/** Creates a new directory `name` (or `name_1`, … when `suffix`); mkdir never follows a link. */
export async function createUniqueDir(
  dir: string,
  name: string,
  suffix: boolean,
  mode = 0o755,
): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = conflictName(name, n);
    try {
      await mkdir(`${dir}/${candidate}`, { mode });
      return candidate;
    } catch (err) {
      if (!isErrno(err, 'EEXIST') || !suffix) throw err;
    }
  }
}

/**
 * Renames `from` to `name` in `toDir` without ever replacing something that exists: the target name
 * is claimed first (an empty file or directory created exclusively), then `rename` replaces exactly
 * that placeholder. Returns the name used.
 */
export async function renameNoReplace(
  from: string,
  isDir: boolean,
  toDir: string,
  name: string,
  suffix: boolean,
): Promise<string> {
  let claimed: string;
  if (isDir) {
    claimed = await createUniqueDir(toDir, name, suffix);
  } else {
    const created = await createUniqueFile(toDir, name, suffix);
    await created.handle.close();
    claimed = created.name;
  }
  try {
    await rename(from, `${toDir}/${claimed}`);
  } catch (err) {
    await (isDir ? rmdir(`${toDir}/${claimed}`) : unlink(`${toDir}/${claimed}`)).catch(
      () => undefined,
    );
    throw err;
  }
  return claimed;
}

/**
 * Writes a whole file atomically in a verified directory: temp file + fsync + rename, then the
 * directory is fsynced. On any failure the temp file is removed and the old file is untouched.
 * The rename replaces whatever sits at `name` — a link planted there is replaced, never followed.
 */
export async function writeFileAtomic(
  dir: string,
  name: string,
  data: WriteSource,
  mode: number,
  progress?: WriteProgress,
): Promise<void> {
  const temp = `${dir}/${tempName()}`;
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
    await rename(temp, `${dir}/${name}`);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await syncDir(dir);
}

export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY).catch(() => undefined);
  if (handle === undefined) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

/** Removes a temp tree; failures are ignored (it is already garbage). */
export async function removeQuietly(target: string): Promise<void> {
  await rm(target, { recursive: true, force: true }).catch(() => undefined);
}
