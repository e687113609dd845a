import { constants, lstat, mkdir, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes } from '@hearth/protocol';
import { badRequest, permissionDenied } from '../../errors.ts';
import { FileSandbox, isWithin } from '../../lib/file-sandbox.ts';
import { fsError, isErrno } from '../../lib/fs-error.ts';
import { isTempName } from '../../lib/temp-names.ts';
import type { ExtractLimits } from './archive-extract.ts';
import { removeQuietly, tempName, writeAll } from './atomic-ops.ts';
import { readRange } from './handle-stream.ts';

// Copying a folder an owner names on the core's machine into a new (staging) folder for an import.
// The folder is never used in place and never trusted: it is read through a file sandbox rooted at
// it (no link followed, regular files only, opened non-blocking and re-checked), anything that is
// not a regular file or folder refuses the whole copy, and the extraction budget and entry cap of
// an archive import apply. The caller removes the destination when this throws.

const FAILED = 'Failed to import folder';

/** Host folders an import may never copy: pseudo filesystems whose "files" are the kernel's. */
const PSEUDO = ['/proc', '/sys', '/dev', '/run'];

/**
 * The real path of an owner-named folder, refused when it is not absolute, is itself a link, is not
 * a directory, is a pseudo filesystem, or overlaps the data directory either way (copying the data
 * directory into itself, or handing out the core's own files).
 */
export async function checkHostFolder(named: string, dataDir: string): Promise<string> {
  if (!path.isAbsolute(named)) throw badRequest(FAILED, 'Name the folder by its absolute path');
  if (named.includes('\0')) throw badRequest(FAILED, 'The path contains a NUL byte');
  let st;
  try {
    st = await lstat(named);
  } catch (err) {
    throw fsError(err, FAILED);
  }
  if (st.isSymbolicLink())
    throw badRequest(FAILED, 'That path is a symbolic link: name the folder it leads to');
  if (!st.isDirectory()) throw badRequest(FAILED, 'That path is not a folder');
  const real = await realpath(named).catch((err: unknown) => {
    throw fsError(err, FAILED);
  });
  if (real === '/' || PSEUDO.some((dir) => isWithin(dir, real)))
    throw permissionDenied(FAILED, 'That folder is a system folder');
  const data = await realpath(dataDir);
  if (isWithin(data, real) || isWithin(real, data))
    throw permissionDenied(FAILED, "That folder is, or holds, the core's data directory");
  return real;
}

/**
 * Copies everything under `source` (a folder from checkHostFolder) into the empty folder `dest`.
 * Links, FIFOs, sockets and devices refuse the copy, naming the entry; Hearth's own temp names
 * are skipped. Returns the files and bytes copied.
 */
export async function copyHostFolder(
  source: string,
  dest: string,
  limits: ExtractLimits,
): Promise<{ files: number; bytes: number }> {
  const from = new FileSandbox(source);
  const to = new FileSandbox(dest);
  let entries = 0;
  let bytes = 0;
  const count = () => {
    entries++;
    if (entries > limits.maxEntries)
      throw badRequest(FAILED, `The folder has too many entries (more than ${limits.maxEntries})`);
  };

  const copyFile = async (relative: string, mode: number) => {
    const handle = await from.open(
      await from.resolve(relative, { followFinal: false }),
      constants.O_RDONLY,
      0,
      FAILED,
    );
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw badRequest(FAILED, `${relative} is not a regular file`);
      if (bytes + st.size > limits.maxBytes)
        throw badRequest(
          FAILED,
          `The folder holds more than ${formatBytes(limits.maxBytes)}${limits.maxBytesSource === 'disk' ? ' (the free disk space)' : ' (the extraction budget)'}`,
        );
      const target = await to.open(
        await to.resolve(relative),
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
        (mode & 0o777) | 0o600,
        FAILED,
      );
      try {
        // Stored at the size it had when opened: a file that grows meanwhile is cut there.
        await writeAll(target, readRange(handle, 0, st.size), {
          onBytes: (n) => {
            bytes += n;
          },
        });
      } finally {
        await target.close();
      }
    } finally {
      await handle.close();
    }
  };

  const walk = async (relative: string): Promise<void> => {
    const absolute = relative === '.' ? await from.realRoot() : await from.resolve(relative);
    const list = await from.withDir(
      absolute,
      (dir) => readdir(dir, { withFileTypes: true }),
      FAILED,
    );
    for (const entry of list.sort((a, b) => a.name.localeCompare(b.name))) {
      if (isTempName(entry.name)) continue;
      const child = relative === '.' ? entry.name : `${relative}/${entry.name}`;
      count();
      if (entry.isSymbolicLink())
        throw badRequest(FAILED, `${child} is a symbolic link (links are never copied)`);
      if (entry.isDirectory()) {
        await to.mkdirp(await to.resolve(child));
        await walk(child);
      } else if (entry.isFile()) {
        const st = await from.withDir(absolute, (dir) => lstat(`${dir}/${entry.name}`), FAILED);
        await copyFile(child, st.mode);
      } else {
        throw badRequest(FAILED, `${child} is a device, FIFO or socket`);
      }
    }
  };

  try {
    await walk('.');
  } catch (err) {
    if (isErrno(err, 'ELOOP'))
      throw badRequest(FAILED, 'A link appeared in the folder while it was copied');
    throw fsError(err, FAILED);
  }
  return { files: entries, bytes };
}

/**
 * A fresh, private folder for one import under `instancesRoot` (the same filesystem as the
 * instance folder it becomes): a temp name, so the boot sweep removes it if the core dies first,
 * and an unregistered folder scan never takes it for an instance.
 */
export async function makeStagingFolder(instancesRoot: string): Promise<string> {
  await mkdir(instancesRoot, { recursive: true });
  const dir = path.join(instancesRoot, tempName());
  await mkdir(dir, { mode: 0o700 });
  return dir;
}

/** Removes a staging folder and everything in it (never following a link in it). */
export async function removeStagingFolder(dir: string): Promise<void> {
  await removeQuietly(dir);
}
