import { existsSync } from 'node:fs';
import {
  constants,
  lstat,
  mkdir,
  open,
  readlink,
  realpath,
  unlink,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';
import { badRequest, permissionDenied } from '../errors.ts';
import { writeFileAtomic, type WriteSource } from './atomic-write.ts';
import { fsError, isErrno } from './fs-error.ts';
import { isTempName, tempNameReserved } from './temp-names.ts';

/** Longest file name accepted, in bytes (Linux NAME_MAX). */
export const MAX_FILE_NAME_BYTES = 255;

/** Longest relative path accepted (Linux PATH_MAX). */
const MAX_PATH_BYTES = 4096;

/** Where the kernel tells the real location of an open descriptor; absent off Linux. */
const PROC_FD = '/proc/self/fd';
const HAS_PROC_FD = existsSync(PROC_FD);

export interface ResolveOptions {
  /**
   * Follow a symbolic link in the last component (default true). With false the link itself is
   * returned (its parent still fully resolved) — for rm, move and lstat, which never follow it.
   */
  followFinal?: boolean;
}

/** An open, verified directory. `path` names the directory through its descriptor. */
export interface DirHandle {
  /** `/proc/self/fd/N` on Linux: paths under it act like the `*at()` calls, immune to swaps. */
  readonly path: string;
  close(): Promise<void>;
}

export function isWithin(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}

/**
 * Splits a client path into components, refusing every form that could leave the root:
 * NUL bytes, backslashes (Windows separators smuggled in a name), absolute paths (refused, never
 * re-anchored) and any `..` component. `""` and `"."` are the root. Temp names (`.hearth-tmp-*`)
 * belong to the core alone and are refused too.
 */
export function parseRelativePath(relative: string): string[] {
  if (typeof relative !== 'string') throw badRequest('Invalid path');
  if (relative.includes('\0')) throw badRequest('Invalid path', 'Path contains a NUL byte');
  if (relative.includes('\\')) throw badRequest('Invalid path', 'Path contains a backslash');
  if (relative.startsWith('/')) throw badRequest('Invalid path', 'Absolute paths are not allowed');
  if (Buffer.byteLength(relative) > MAX_PATH_BYTES)
    throw badRequest('Invalid path', 'Path is too long');
  const parts = relative.split('/').filter((p) => p !== '' && p !== '.');
  for (const part of parts) {
    if (part === '..') throw badRequest('Invalid path', "Path must not contain '..'");
    if (Buffer.byteLength(part) > MAX_FILE_NAME_BYTES)
      throw badRequest('Invalid path', 'File name is too long');
    if (isTempName(part)) throw badRequest('Invalid path', tempNameReserved());
  }
  return parts;
}

/** A client path in canonical form: `/`-separated, no `.` or empty components, `.` for the root. */
export function normalizeClientPath(relative: string): string {
  const parts = parseRelativePath(relative);
  return parts.length === 0 ? '.' : parts.join('/');
}

/** The last component of a client path, or null for the root. */
export function clientBaseName(relative: string): string | null {
  return parseRelativePath(relative).at(-1) ?? null;
}

/** The parent of a client path (`.` for top-level items and the root). */
export function clientDirName(relative: string): string {
  const parts = parseRelativePath(relative);
  return parts.length <= 1 ? '.' : parts.slice(0, -1).join('/');
}

/**
 * THE path sandbox of the core: every client path (instance files, uploads, archive entries,
 * macros, instance folders) becomes a host path here, and every use of that host path re-checks
 * that it is still inside. See README.md in this folder for the approach.
 */
export class FileSandbox {
  /** The root as given (made absolute). */
  readonly root: string;
  #real: Promise<string> | undefined;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The root's real path, computed once. */
  realRoot(): Promise<string> {
    this.#real ??= realpath(this.root).catch((err: unknown) => {
      this.#real = undefined;
      throw fsError(err, 'Root directory is unavailable');
    });
    return this.#real;
  }

  /**
   * The host path for a client path. Every existing prefix is resolved with realpath, and a
   * symbolic link whose target lies outside the root (or is dangling) is refused. Components that do
   * not exist yet are appended as given.
   */
  async resolve(relative: string, opts: ResolveOptions = {}): Promise<string> {
    const parts = parseRelativePath(relative);
    const root = await this.realRoot();
    let current = root;
    for (let i = 0; i < parts.length; i++) {
      const next = path.join(current, parts[i]!);
      let isLink: boolean;
      try {
        isLink = (await lstat(next)).isSymbolicLink();
      } catch (err) {
        if (isErrno(err, 'ENOENT', 'ENOTDIR')) return path.join(next, ...parts.slice(i + 1));
        throw fsError(err, 'Failed to resolve path');
      }
      if (isLink) {
        if (i === parts.length - 1 && opts.followFinal === false) return next;
        current = await this.#followLink(root, next);
      } else {
        current = next;
      }
    }
    return current;
  }

  async #followLink(root: string, link: string): Promise<string> {
    let target: string;
    try {
      target = await realpath(link);
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ELOOP')) {
        throw permissionDenied('Access denied', 'Path goes through a broken symbolic link');
      }
      throw fsError(err, 'Failed to resolve path');
    }
    if (!isWithin(root, target)) {
      throw permissionDenied(
        'Access denied',
        'Path leads outside the root through a symbolic link',
      );
    }
    return target;
  }

  /** The client path (with `/`, `.` for the root) of a host path inside the root. */
  async relative(absolute: string): Promise<string> {
    const root = await this.realRoot();
    if (!isWithin(root, absolute))
      throw permissionDenied('Access denied', 'Path is outside the root');
    const rel = path.relative(root, absolute);
    return rel === '' ? '.' : rel.split(path.sep).join('/');
  }

  /** True when `absolute` is the sandbox root itself. */
  async isRoot(absolute: string): Promise<boolean> {
    return absolute === (await this.realRoot());
  }

  /** Refuses unless the real location of an open descriptor is inside the root. */
  async verifyHandle(handle: FileHandle, absolute: string): Promise<void> {
    const root = await this.realRoot();
    let real: string;
    try {
      real = HAS_PROC_FD ? await readlink(`${PROC_FD}/${handle.fd}`) : await realpath(absolute);
    } catch (err) {
      throw fsError(err, 'Failed to verify path');
    }
    if (!isWithin(root, real.replace(/ \(deleted\)$/, ''))) {
      throw permissionDenied('Access denied', 'Path leads outside the root');
    }
  }

  /**
   * Opens a host path from `resolve` for use. O_NOFOLLOW refuses a symbolic link swapped into the
   * last component after resolution; the descriptor's real location is then checked against the
   * root, which catches a swapped parent. A file this call created outside is removed again.
   * O_NONBLOCK keeps a FIFO planted in the tree from hanging a read.
   */
  async open(
    absolute: string,
    flags: number,
    mode = 0o644,
    context = 'Failed to open file',
  ): Promise<FileHandle> {
    let handle: FileHandle;
    try {
      handle = await open(absolute, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK, mode);
    } catch (err) {
      throw fsError(err, context);
    }
    try {
      await this.verifyHandle(handle, absolute);
    } catch (err) {
      const created = (flags & constants.O_CREAT) !== 0 && (flags & constants.O_EXCL) !== 0;
      if (created && HAS_PROC_FD) {
        const real = await readlink(`${PROC_FD}/${handle.fd}`).catch(() => undefined);
        if (real !== undefined) await unlink(real).catch(() => undefined);
      }
      await handle.close();
      throw err;
    }
    return handle;
  }

  /**
   * Reads a whole regular file for the core's own use (a game's `server.properties`, a launch
   * argument file): a link is followed only as `resolve` allows (inside the root), the open never
   * follows a link swapped in afterwards nor blocks on a FIFO, and anything that is not a regular
   * file, or is larger than `maxBytes`, is refused before its content is used.
   */
  async readRegular(
    relative: string,
    maxBytes: number,
    context = 'Failed to read file',
  ): Promise<Buffer> {
    const absolute = await this.resolve(relative);
    const handle = await this.open(absolute, constants.O_RDONLY, 0, context);
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw badRequest(context, 'Not a regular file');
      if (st.size > maxBytes) throw badRequest(context, `File is larger than ${maxBytes} bytes`);
      // Read one byte past the limit: a file that grew since the stat is refused, not cut.
      const buffer = Buffer.alloc(Math.min(maxBytes + 1, Math.max(st.size + 1, 1)));
      let length = 0;
      for (;;) {
        if (length === buffer.length) break;
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      if (length > maxBytes) throw badRequest(context, `File is larger than ${maxBytes} bytes`);
      return buffer.subarray(0, length);
    } catch (err) {
      throw fsError(err, context);
    } finally {
      await handle.close();
    }
  }

  /**
   * Creates or replaces a file atomically (temp file in the same verified directory + fsync +
   * rename): on failure the old file is intact and no temp file remains; a link planted at the name
   * is replaced, never written through. An existing file keeps its mode.
   */
  async writeAtomic(
    relative: string,
    data: WriteSource,
    opts: { createParents?: boolean } = {},
    context = 'Failed to write file',
  ): Promise<void> {
    const absolute = await this.resolve(relative);
    if (await this.isRoot(absolute)) throw badRequest(context, 'Is a directory');
    if (opts.createParents === true) await this.mkdirp(path.dirname(absolute));
    await this.withParent(
      absolute,
      async (dir, name) => {
        let mode = 0o644;
        try {
          const st = await lstat(`${dir}/${name}`);
          if (st.isDirectory()) throw badRequest(context, 'Is a directory');
          if (st.isFile()) mode = st.mode & 0o777;
        } catch (err) {
          if (!isErrno(err, 'ENOENT')) throw err;
        }
        await writeFileAtomic(dir, name, data, mode);
      },
      context,
    ).catch((err: unknown) => {
      throw fsError(err, context);
    });
  }

  /** Opens and verifies a directory; later operations go through `handle.path`. */
  async openDir(absolute: string, context = 'Failed to open directory'): Promise<DirHandle> {
    const handle = await this.open(
      absolute,
      constants.O_RDONLY | constants.O_DIRECTORY,
      0,
      context,
    );
    return {
      path: HAS_PROC_FD ? `${PROC_FD}/${handle.fd}` : absolute,
      close: () => handle.close(),
    };
  }

  /** Runs `fn` with a verified directory (see DirHandle.path), closing it afterwards. */
  async withDir<T>(
    absolute: string,
    fn: (dir: string) => Promise<T>,
    context?: string,
  ): Promise<T> {
    const dir = await this.openDir(absolute, context);
    try {
      return await fn(dir.path);
    } finally {
      await dir.close();
    }
  }

  /** Runs `fn` with the verified parent directory of `absolute` and the last component's name. */
  withParent<T>(
    absolute: string,
    fn: (dir: string, name: string) => Promise<T>,
    context?: string,
  ): Promise<T> {
    return this.withDir(path.dirname(absolute), (dir) => fn(dir, path.basename(absolute)), context);
  }

  /** A sandbox rooted at an existing directory inside this one (archive extraction targets). */
  async child(absolute: string): Promise<FileSandbox> {
    const sub = new FileSandbox(absolute);
    if (!isWithin(await this.realRoot(), await sub.realRoot())) {
      throw permissionDenied('Access denied', 'Path is outside the root');
    }
    return sub;
  }

  /**
   * `mkdir -p` for a host path from `resolve`, one component at a time through verified directory
   * descriptors, so a symbolic link planted mid-way is refused rather than followed.
   */
  async mkdirp(absolute: string): Promise<void> {
    const root = await this.realRoot();
    if (!isWithin(root, absolute))
      throw permissionDenied('Access denied', 'Path is outside the root');
    const parts = path
      .relative(root, absolute)
      .split(path.sep)
      .filter((p) => p !== '');
    let dir = await this.openDir(root);
    let current = root;
    try {
      for (const part of parts) {
        current = path.join(current, part);
        const childPath = `${dir.path}/${part}`;
        await mkdir(childPath).catch((err: unknown) => {
          if (!isErrno(err, 'EEXIST')) throw fsError(err, 'Failed to create directory');
        });
        const child = await this.openDir(HAS_PROC_FD ? childPath : current);
        await dir.close();
        dir = child;
      }
    } finally {
      await dir.close();
    }
  }
}
