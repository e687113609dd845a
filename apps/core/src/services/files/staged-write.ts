import { constants, lstat, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../../errors.ts';
import { clientBaseName, type DirHandle, type FileSandbox } from '../../lib/file-sandbox.ts';
import { fsError, isErrno } from '../../lib/fs-error.ts';
import { CREATE_FLAGS } from '../../lib/atomic-write.ts';
import { renameNoReplace, syncDir, tempName } from './atomic-ops.ts';

export interface StagedWriteOptions {
  /**
   * Start from the target's current bytes (an SFTP open without TRUNC: a resumed upload, an
   * append, an edit in place). Otherwise the new file starts empty.
   */
  keep?: boolean;
  /** The target must not exist now, nor when the write is committed (SFTP CREAT|EXCL). */
  exclusive?: boolean;
}

const COPY_CHUNK = 1024 * 1024;
const CONTEXT = 'Failed to write file';

/**
 * A file written in pieces, at any offsets, over time (an SFTP upload). The bytes go to a temp file
 * created exclusively beside the target, inside a directory opened and verified when the write
 * begins and held until it ends; `commit` fsyncs it and renames it over the target through that
 * directory (never following a link planted at the name, immune to the directory being swapped),
 * `abort` removes it. Until the commit nothing changes: temp names are never listed, and an
 * interrupted core's leftovers are swept at boot (temp-sweep.ts).
 */
export class StagedWrite {
  #done = false;

  private constructor(
    private readonly dir: DirHandle,
    private readonly name: string,
    private readonly temp: string,
    private readonly handle: FileHandle,
    private readonly mode: number,
    private readonly exclusive: boolean,
  ) {}

  /** Begins a write of `relative` (its parent must exist). */
  static async begin(
    sandbox: FileSandbox,
    relative: string,
    options: StagedWriteOptions = {},
  ): Promise<StagedWrite> {
    const absolute = await sandbox.resolve(relative);
    if (await sandbox.isRoot(absolute)) throw badRequest(CONTEXT, 'Is a directory');
    const name = path.basename(absolute);
    const dir = await sandbox.openDir(path.dirname(absolute), CONTEXT);
    let handle: FileHandle | null = null;
    const temp = `${dir.path}/${tempName()}`;
    try {
      const existing = await lstat(`${dir.path}/${name}`).catch((err: unknown) => {
        if (isErrno(err, 'ENOENT')) return null;
        throw err;
      });
      if (existing?.isDirectory()) throw badRequest(CONTEXT, 'Is a directory');
      if (existing !== null && options.exclusive === true)
        throw badRequest(`A file named ${clientBaseName(relative) ?? name} already exists`);
      const mode = existing?.isFile() === true ? existing.mode & 0o777 : 0o644;
      handle = await open(temp, CREATE_FLAGS, 0o600);
      if (options.keep === true && existing !== null)
        await copyExisting(`${dir.path}/${name}`, handle);
      return new StagedWrite(dir, name, temp, handle, mode, options.exclusive === true);
    } catch (err) {
      await handle?.close().catch(() => undefined);
      if (handle !== null) await unlink(temp).catch(() => undefined);
      await dir.close();
      throw fsError(err, CONTEXT);
    }
  }

  /** Writes all of `data` at `position`. */
  async write(data: Uint8Array, position: number): Promise<void> {
    let offset = 0;
    try {
      while (offset < data.byteLength) {
        const { bytesWritten } = await this.handle.write(
          data,
          offset,
          data.byteLength - offset,
          position + offset,
        );
        offset += bytesWritten;
      }
    } catch (err) {
      throw fsError(err, CONTEXT);
    }
  }

  /** Reads what was written so far (a read-write open). */
  async read(buffer: Uint8Array, position: number): Promise<number> {
    try {
      return (await this.handle.read(buffer, 0, buffer.byteLength, position)).bytesRead;
    } catch (err) {
      throw fsError(err, 'Failed to read file');
    }
  }

  /** The size written so far. */
  async size(): Promise<number> {
    return (await this.handle.stat()).size;
  }

  async truncate(size: number): Promise<void> {
    await this.handle.truncate(size).catch((err: unknown) => {
      throw fsError(err, CONTEXT);
    });
  }

  /** The bytes replace the target (or, exclusive, become it while the name is still free). */
  async commit(): Promise<void> {
    if (this.#done) throw badRequest(CONTEXT, 'The file is already closed');
    this.#done = true;
    try {
      await this.handle.chmod(this.mode);
      await this.handle.sync();
      await this.handle.close();
      if (this.exclusive) await renameNoReplace(this.temp, false, this.dir.path, this.name, false);
      else await rename(this.temp, `${this.dir.path}/${this.name}`);
      await syncDir(this.dir.path);
    } catch (err) {
      await this.handle.close().catch(() => undefined);
      await unlink(this.temp).catch(() => undefined);
      if (this.exclusive && isErrno(err, 'EEXIST'))
        throw badRequest(`A file named ${this.name} already exists`);
      throw fsError(err, CONTEXT);
    } finally {
      await this.dir.close().catch(() => undefined);
    }
  }

  /** Drops the bytes: the target is as it was. Safe to call after commit (does nothing). */
  async abort(): Promise<void> {
    if (this.#done) return;
    this.#done = true;
    await this.handle.close().catch(() => undefined);
    await unlink(this.temp).catch(() => undefined);
    await this.dir.close().catch(() => undefined);
  }
}

/** Copies a regular file (opened through the verified directory, never a link or a FIFO). */
async function copyExisting(source: string, into: FileHandle): Promise<void> {
  const from = await open(source, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await from.stat()).isFile()) throw badRequest(CONTEXT, 'Not a regular file');
    const buffer = Buffer.allocUnsafe(COPY_CHUNK);
    for (let position = 0; ;) {
      const { bytesRead } = await from.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      let written = 0;
      while (written < bytesRead)
        written += (await into.write(buffer, written, bytesRead - written, position + written))
          .bytesWritten;
      position += bytesRead;
    }
  } finally {
    await from.close();
  }
}
