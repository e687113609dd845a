import {
  constants,
  lstat,
  mkdir,
  open,
  readdir,
  rm,
  unlink,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { compareClientFiles, type ClientFile, type UnzipOption } from '@hearth/protocol';
import { CoreError, badRequest, permissionDenied } from '../../errors.ts';
import { zipEntries } from './archive-create.ts';
import type { ExtractLimits } from './archive-extract.ts';
import { renameNoReplace, tempName, writeAll, type WriteSource } from './atomic-ops.ts';
import { joinClientPath, toClientFile } from './client-file.ts';
import { sanitizeFileName } from './file-name.ts';
import { StagedWrite, type StagedWriteOptions } from './staged-write.ts';
import {
  clientBaseName,
  isWithin,
  normalizeClientPath,
  type FileSandbox,
} from '../../lib/file-sandbox.ts';
import { collectTree } from './file-tree.ts';
import { fsError, isErrno } from '../../lib/fs-error.ts';
import type { ProgressCallback } from './progress.ts';
import { isProtectedPath } from './protected-path.ts';
import { isTempName, tempNameReserved } from '../../lib/temp-names.ts';
import { copyInto, treeHasProtected, zipInto } from './transfer-ops.ts';
import { unzipArchive } from './unzip-op.ts';

const MIB = 1024 * 1024;
/** The editor's limit (dashboard shows the error text). */
export const EDITOR_MAX_BYTES = 5 * MIB;
export const DEFAULT_MAX_EXTRACT_BYTES = 4 * 1024 * MIB;
export const DEFAULT_MAX_EXTRACT_ENTRIES = 100_000;

export interface FileServiceOptions {
  /**
   * The extraction budget: uncompressed bytes one archive may write (default 4 GiB). An instance
   * runs one extraction at a time (FileJobs), so this is also what it may have in flight.
   */
  maxExtractBytes?: number;
  /** Entries one archive may hold (default 100,000). */
  maxExtractEntries?: number;
}

export interface WriteOptions {
  /** Create missing parent directories (default false: the parent must exist). */
  createParents?: boolean;
}

export interface UploadOptions {
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
  /** The expected size, when the caller knows it (Content-Length), for progress reports. */
  totalBytes?: number;
  /** Refuse a taken name instead of saving as `name_1.ext` (an add-on loaded twice breaks a server). */
  exactName?: boolean;
}

export interface DownloadFile {
  stream: Readable;
  size: number;
  name: string;
}

function megabytes(bytes: number, roundUp: boolean): string {
  const tenths = (bytes / MIB) * 10;
  return String((roundUp ? Math.ceil(tenths) : Math.round(tenths)) / 10);
}

const DELETE_ROOT = 'Cannot delete instance root';

/**
 * Every file operation the routes need, over one sandbox (an instance root). Paths are client paths
 * (`/`-separated, relative to the root, `.` = root); results are client paths too, and
 * `sandbox.resolve` gives the host path for an FSEvent. Failures are CoreErrors.
 */
export class FileService {
  readonly limits: ExtractLimits;

  constructor(
    readonly sandbox: FileSandbox,
    options: FileServiceOptions = {},
  ) {
    this.limits = {
      maxBytes: options.maxExtractBytes ?? DEFAULT_MAX_EXTRACT_BYTES,
      maxBytesSource: 'budget',
      maxEntries: options.maxExtractEntries ?? DEFAULT_MAX_EXTRACT_ENTRIES,
    };
  }

  /** One entry's ClientFile (the route layer uses it e.g. for the protected-path rule). */
  async stat(relative: string): Promise<ClientFile> {
    const absolute = await this.sandbox.resolve(relative);
    const name = clientBaseName(relative) ?? path.basename(await this.sandbox.realRoot());
    try {
      // lstat: `absolute` is already the real path, so a link here was planted after resolve.
      return toClientFile(name, normalizeClientPath(relative), await lstat(absolute));
    } catch (err) {
      throw fsError(err, 'Failed to read file information');
    }
  }

  /** The directory's entries, sorted with compareClientFiles. */
  async list(relative: string): Promise<ClientFile[]> {
    const dirClient = normalizeClientPath(relative);
    const absolute = await this.sandbox.resolve(relative);
    const files = await this.sandbox.withDir(
      absolute,
      async (dir) => {
        const names = (await readdir(dir)).filter((name) => !isTempName(name));
        const out: ClientFile[] = [];
        for (let i = 0; i < names.length; i += 64) {
          const batch = await Promise.all(
            names.slice(i, i + 64).map((name) => this.#describe(dir, dirClient, name)),
          );
          for (const file of batch) if (file !== null) out.push(file);
        }
        return out;
      },
      'Failed to list directory',
    );
    return files.sort(compareClientFiles);
  }

  async #describe(dir: string, dirClient: string, name: string): Promise<ClientFile | null> {
    const clientPath = joinClientPath(dirClient, name);
    try {
      const st = await lstat(`${dir}/${name}`);
      if (!st.isSymbolicLink()) return toClientFile(name, clientPath, st);
      // A link is described by its target only when that target is inside the root.
      const target = await this.sandbox.resolve(clientPath).catch(() => null);
      const targetStats = target === null ? null : await lstat(target).catch(() => null);
      return toClientFile(name, clientPath, targetStats);
    } catch (err) {
      if (isErrno(err, 'ENOENT')) return null;
      throw fsError(err, 'Failed to list directory');
    }
  }

  /** A text file for the editor: refuses directories, files over `maxBytes` and binary content. */
  async readText(relative: string, opts: { maxBytes?: number } = {}): Promise<string> {
    const maxBytes = opts.maxBytes ?? EDITOR_MAX_BYTES;
    const absolute = await this.sandbox.resolve(relative);
    const handle = await this.sandbox.open(absolute, constants.O_RDONLY, 0, 'Failed to read file');
    try {
      const st = await handle.stat();
      if (st.isDirectory()) throw badRequest('Failed to read file', 'Is a directory');
      if (!st.isFile()) throw badRequest('Failed to read file', 'Not a regular file');
      const tooLarge = (size: number) =>
        badRequest(
          `File is too large to open in the editor (${megabytes(size, true)} MB > ${megabytes(maxBytes, false)} MB)`,
        );
      if (st.size > maxBytes) throw tooLarge(st.size);
      const buffer = Buffer.alloc(Math.min(st.size, maxBytes) + 1);
      let length = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
        if (bytesRead === 0) break;
        length += bytesRead;
        if (length > maxBytes) throw tooLarge(length);
        if (length === buffer.length) break;
      }
      const content = buffer.subarray(0, length);
      if (content.includes(0)) throw badRequest('File is binary');
      try {
        return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(content);
      } catch {
        throw badRequest('File is binary');
      }
    } catch (err) {
      throw fsError(err, 'Failed to read file');
    } finally {
      await handle.close();
    }
  }

  /**
   * Creates or replaces a file atomically (temp file in the same directory + fsync + rename): on
   * failure the old file is intact and no temp file remains. An existing file keeps its mode.
   */
  async writeAtomic(relative: string, data: WriteSource, opts: WriteOptions = {}): Promise<void> {
    await this.sandbox.writeAtomic(relative, data, opts);
  }

  /** Creates an empty file; an existing file (or anything at that name) is an error, never truncated. */
  async newFile(relative: string): Promise<void> {
    const absolute = await this.sandbox.resolve(relative, { followFinal: false });
    const name = clientBaseName(relative) ?? '.';
    if (await this.sandbox.isRoot(absolute))
      throw badRequest(`A file named ${name} already exists`);
    await this.sandbox
      .withParent(
        absolute,
        async (dir, base) => {
          const flags =
            constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
          const handle = await open(`${dir}/${base}`, flags, 0o644);
          await handle.close();
        },
        'Failed to create file',
      )
      .catch((err: unknown) => {
        if (isErrno(err, 'EEXIST')) throw badRequest(`A file named ${name} already exists`);
        throw fsError(err, 'Failed to create file');
      });
  }

  /** Creates a directory (missing parents too); an existing one is an error. */
  async mkdir(relative: string): Promise<void> {
    const absolute = await this.sandbox.resolve(relative, { followFinal: false });
    const name = clientBaseName(relative) ?? '.';
    if (await this.sandbox.isRoot(absolute)) throw badRequest('Directory already exists');
    await this.sandbox.mkdirp(path.dirname(absolute));
    await this.sandbox
      .withParent(
        absolute,
        async (dir, base) => {
          try {
            await mkdir(`${dir}/${base}`, { mode: 0o755 });
          } catch (err) {
            if (!isErrno(err, 'EEXIST')) throw err;
            const existing = await lstat(`${dir}/${base}`);
            throw badRequest(
              existing.isDirectory()
                ? 'Directory already exists'
                : `A file named ${name} already exists`,
            );
          }
        },
        'Failed to create directory',
      )
      .catch((err: unknown) => {
        throw fsError(err, 'Failed to create directory');
      });
  }

  /** Deletes a file (a symbolic link is removed itself, never followed); directories are refused. */
  rm(relative: string): Promise<void> {
    return this.remove(relative, 'file');
  }

  /** Deletes a directory recursively; the root is refused. Links inside are removed, not followed. */
  rmdir(relative: string): Promise<void> {
    return this.remove(relative, 'directory');
  }

  /** Deletes what is at `relative` if it is of `kind` (a link counts as a file); never the root. */
  private async remove(relative: string, kind: 'file' | 'directory'): Promise<void> {
    const directory = kind === 'directory';
    const failure = directory ? 'Failed to delete directory' : 'Failed to delete file';
    const absolute = await this.sandbox.resolve(relative, { followFinal: false });
    if (await this.sandbox.isRoot(absolute)) throw permissionDenied(DELETE_ROOT);
    await this.sandbox
      .withParent(
        absolute,
        async (dir, name) => {
          if ((await lstat(`${dir}/${name}`)).isDirectory() !== directory)
            throw badRequest(failure, directory ? 'Not a directory' : 'Is a directory');
          if (directory) await rm(`${dir}/${name}`, { recursive: true });
          else await unlink(`${dir}/${name}`);
        },
        failure,
      )
      .catch((err: unknown) => {
        throw fsError(err, failure);
      });
  }

  /** Renames `source` to the full path `destination`; an existing destination is an error. */
  async move(source: string, destination: string): Promise<void> {
    const from = await this.sandbox.resolve(source, { followFinal: false });
    const to = await this.sandbox.resolve(destination, { followFinal: false });
    const destName = clientBaseName(destination) ?? '.';
    const exists = () => badRequest(`A file named ${destName} already exists`);
    if (await this.sandbox.isRoot(from))
      throw badRequest('Failed to move', 'Cannot move the root directory');
    if (await this.sandbox.isRoot(to)) throw exists();
    let isDir: boolean;
    try {
      isDir = (await lstat(from)).isDirectory();
    } catch (err) {
      throw fsError(err, 'Failed to move');
    }
    if (isDir && isWithin(from, to))
      throw badRequest('Failed to move', 'Cannot move a directory into itself');
    await this.sandbox
      .withParent(from, (fromDir, fromName) =>
        this.sandbox.withParent(to, (toDir, toName) =>
          renameNoReplace(`${fromDir}/${fromName}`, isDir, toDir, toName, false),
        ),
      )
      .catch((err: unknown) => {
        if (isErrno(err, 'EEXIST')) throw exists();
        throw fsError(err, 'Failed to move');
      });
  }

  /** Recursive copy into the directory `destDir`, conflict-suffixed; returns the created paths. */
  async copy(
    sources: readonly string[],
    destDir: string,
    onProgress?: ProgressCallback,
  ): Promise<string[]> {
    return copyInto(this.sandbox, sources, destDir, onProgress).catch((err: unknown) => {
      throw fsError(err, 'Failed to copy');
    });
  }

  /** Zips targets into `destArchive` (conflict-suffixed); returns the archive's path. */
  async zip(
    targets: readonly string[],
    destArchive: string,
    onProgress?: ProgressCallback,
  ): Promise<string> {
    return zipInto(this.sandbox, targets, destArchive, onProgress).catch((err: unknown) => {
      throw fsError(err, 'Failed to zip');
    });
  }

  /** Extracts an archive (see unzip-op.ts for the modes); returns the top-level paths created. */
  async unzip(
    archive: string,
    option: UnzipOption,
    onProgress?: ProgressCallback,
  ): Promise<string[]> {
    return unzipArchive(this.sandbox, archive, option, this.limits, onProgress).catch(
      (err: unknown) => {
        throw fsError(err, 'Failed to extract archive');
      },
    );
  }

  /**
   * Streams an upload to a temp file in `dirRelative` (created if missing), then renames it to the
   * sanitised name, `_N`-suffixed when taken. An aborted or failed upload leaves nothing behind.
   * Returns the file's client path.
   */
  async saveUpload(
    dirRelative: string,
    fileName: string,
    data: Readable | AsyncIterable<Buffer>,
    opts: UploadOptions = {},
  ): Promise<string> {
    const name = sanitizeFileName(fileName);
    if (isTempName(name)) throw badRequest('Invalid file name', tempNameReserved());
    const dirClient = normalizeClientPath(dirRelative);
    const absolute = await this.sandbox.resolve(dirRelative);
    await this.sandbox.mkdirp(absolute);
    let doneBytes = 0;
    const totalBytes = opts.totalBytes ?? null;
    const placed = await this.sandbox
      .withDir(
        absolute,
        async (dir) => {
          const temp = `${dir}/${tempName()}`;
          const flags =
            constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
          const handle = await open(temp, flags, 0o644);
          try {
            await writeAll(handle, data, {
              signal: opts.signal,
              onBytes: (n) => {
                doneBytes += n;
                opts.onProgress?.({ doneBytes, totalBytes });
              },
            });
            await handle.sync();
            await handle.close();
            return await renameNoReplace(temp, false, dir, name, opts.exactName !== true);
          } catch (err) {
            await handle.close().catch(() => undefined);
            await unlink(temp).catch(() => undefined);
            throw err;
          }
        },
        'Failed to upload file',
      )
      .catch((err: unknown) => {
        if (opts.signal?.aborted === true)
          throw badRequest('Failed to upload file', 'The upload was aborted');
        if (err instanceof CoreError) throw err;
        throw fsError(err, 'Failed to upload file');
      });
    return joinClientPath(dirClient, placed);
  }

  /** A zip of a directory, produced while it is read (for downloading a folder). */
  async zipDirectoryStream(relative: string): Promise<Readable> {
    const absolute = await this.sandbox.resolve(relative);
    const name = clientBaseName(relative) ?? path.basename(await this.sandbox.realRoot());
    try {
      if (!(await lstat(absolute)).isDirectory())
        throw badRequest('Failed to zip directory', 'Not a directory');
      return zipEntries(this.sandbox, await collectTree(absolute, name));
    } catch (err) {
      throw fsError(err, 'Failed to zip directory');
    }
  }

  /** A regular file opened for download; the stream closes the file when it ends or is destroyed. */
  async openForDownload(relative: string): Promise<DownloadFile> {
    const { handle, size } = await this.openRead(relative, 'Failed to download file');
    return {
      stream: handle.createReadStream(),
      size,
      name: clientBaseName(relative) ?? '.',
    };
  }

  /**
   * A regular file opened for reading at any offset (an SFTP download), and its size when opened;
   * the caller closes the handle. Directories, FIFOs and links leading out are refused.
   */
  async openRead(
    relative: string,
    context = 'Failed to read file',
  ): Promise<{ handle: FileHandle; size: number }> {
    const absolute = await this.sandbox.resolve(relative);
    const handle = await this.sandbox.open(absolute, constants.O_RDONLY, 0, context);
    try {
      const st = await handle.stat();
      if (st.isDirectory()) throw badRequest(context, 'Is a directory');
      if (!st.isFile()) throw badRequest(context, 'Not a regular file');
      return { handle, size: st.size };
    } catch (err) {
      await handle.close();
      throw fsError(err, context);
    }
  }

  /** Begins a write of `relative` in pieces, committed atomically (staged-write.ts). */
  beginWrite(relative: string, options: StagedWriteOptions = {}): Promise<StagedWrite> {
    return StagedWrite.begin(this.sandbox, relative, options);
  }

  /** Whether the path or anything inside it falls under the protected-path rule (rmdir check). */
  async containsProtected(relative: string): Promise<boolean> {
    return treeHasProtected(this.sandbox, relative, isProtectedPath);
  }
}
