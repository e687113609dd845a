import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, readdir, type FileHandle } from 'node:fs/promises';
import { CoreError, badRequest } from '../../errors.ts';
import type { DirHandle, FileSandbox } from '../../lib/file-sandbox.ts';
import { isErrno } from '../../lib/fs-error.ts';
import { isTempName } from '../../lib/temp-names.ts';

/** Where macros live inside an instance folder (core-api.md §3.11). */
export const MACROS_DIR = 'macros';

/** Past these a macros folder is not vouched for (its digests would cost the core too much). */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ITEMS = 10_000;
const MAX_DEPTH = 32;
const CHUNK = 64 * 1024;

/** What `macros/` holds now: each regular file's SHA-256, and what cannot be vouched for. */
export interface MacroFilesDigest {
  /** Path under `macros/` (`greeter/index.ts`) → SHA-256 of its content. */
  files: Map<string, string>;
  /**
   * Items that are neither a regular file nor a folder (links, FIFOs, devices), that could not be
   * read, or — when the folder is past the size caps — `macros` itself: code nobody can answer for.
   */
  odd: string[];
}

/** A folder past the caps: nothing in it is vouched for. */
class TooLarge extends Error {}

interface Walk {
  sandbox: FileSandbox;
  out: MacroFilesDigest;
  bytes: number;
  items: number;
}

async function hashFile(handle: FileHandle, walk: Walk): Promise<string> {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(CHUNK);
  for (let position = 0; ;) {
    const { bytesRead } = await handle.read(buffer, 0, CHUNK, position);
    if (bytesRead === 0) return hash.digest('hex');
    walk.bytes += bytesRead;
    if (walk.bytes > MAX_BYTES) throw new TooLarge();
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
}

/**
 * One item at `dir.path/name` (shown as `relative`): a regular file is hashed, a folder walked.
 * Everything is opened through the sandbox — O_NOFOLLOW, non-blocking, the descriptor's real place
 * checked — so a link, FIFO or device is listed as odd instead of being followed or read.
 */
async function visit(walk: Walk, dir: DirHandle, name: string, relative: string, depth: number) {
  walk.items += 1;
  if (walk.items > MAX_ITEMS || depth > MAX_DEPTH) throw new TooLarge();
  let st;
  try {
    st = await lstat(`${dir.path}/${name}`);
  } catch (err) {
    // Gone since the listing: nothing of it can run.
    if (isErrno(err, 'ENOENT')) return;
    throw err;
  }
  try {
    if (st.isFile()) {
      const handle = await walk.sandbox.open(`${dir.path}/${name}`, constants.O_RDONLY, 0);
      try {
        if (!(await handle.stat()).isFile()) walk.out.odd.push(relative);
        else walk.out.files.set(relative, await hashFile(handle, walk));
      } finally {
        await handle.close();
      }
    } else if (st.isDirectory()) {
      const child = await walk.sandbox.openDir(`${dir.path}/${name}`);
      try {
        await visitEntries(walk, child, `${relative}/`, depth + 1);
      } finally {
        await child.close();
      }
    } else {
      walk.out.odd.push(relative);
    }
  } catch (err) {
    // Swapped for a link or removed between the lstat and the open: cannot be vouched for.
    if (err instanceof TooLarge) throw err;
    if (err instanceof CoreError || isErrno(err, 'ENOENT', 'ELOOP', 'ENOTDIR', 'EACCES', 'EPERM')) {
      walk.out.odd.push(relative);
      return;
    }
    throw err;
  }
}

async function visitEntries(walk: Walk, dir: DirHandle, prefix: string, depth: number) {
  const names = (await readdir(dir.path)).filter((n) => !isTempName(n)).sort();
  for (const name of names) await visit(walk, dir, name, `${prefix}${name}`, depth);
}

/**
 * Opens `macros/` itself: null when there is none; refused when it is a link or not a folder (a
 * planted link would point the macros at a place the game may write).
 */
export async function openMacrosDir(sandbox: FileSandbox): Promise<DirHandle | null> {
  const root = await sandbox.realRoot();
  const st = await sandbox
    .withDir(root, (d) => lstat(`${d}/${MACROS_DIR}`))
    .catch((err: unknown) => {
      if (isErrno(err, 'ENOENT')) return null;
      throw err;
    });
  if (st === null) return null;
  if (!st.isDirectory())
    throw badRequest(
      'The macros folder is not a folder',
      `${MACROS_DIR} in the instance folder is a link or a file; remove it`,
    );
  return sandbox.openDir(`${root}/${MACROS_DIR}`);
}

/**
 * Makes sure `macros/` is a real folder: created (through a verified descriptor of the instance
 * folder) when missing, refused when something else — a link, a file — has its name. A game's
 * sandbox mounts it read-only, so it must exist before the game starts and never lead elsewhere.
 */
export async function ensureMacrosFolder(sandbox: FileSandbox): Promise<void> {
  const existing = await openMacrosDir(sandbox);
  if (existing !== null) return existing.close();
  const root = await sandbox.realRoot();
  await sandbox.withDir(root, (d) =>
    mkdir(`${d}/${MACROS_DIR}`, 0o755).catch((err: unknown) => {
      if (!isErrno(err, 'EEXIST')) throw err;
    }),
  );
  const made = await openMacrosDir(sandbox);
  await made?.close();
}

/**
 * The SHA-256 of every regular file under `macros/`, read through the instance's file sandbox
 * (a missing `macros/` holds nothing). Throws when `macros` is a link or a file.
 */
export async function digestMacroFiles(sandbox: FileSandbox): Promise<MacroFilesDigest> {
  const out: MacroFilesDigest = { files: new Map(), odd: [] };
  const dir = await openMacrosDir(sandbox);
  if (dir === null) return out;
  try {
    await visitEntries({ sandbox, out, bytes: 0, items: 0 }, dir, '', 0);
  } catch (err) {
    if (!(err instanceof TooLarge)) throw err;
    return { files: new Map(), odd: [MACROS_DIR] };
  } finally {
    await dir.close();
  }
  return out;
}

/**
 * Where a client path lies relative to `macros/`: in one of its top-level entries, `whole` for
 * `macros` itself, null outside. Paths are normalised client paths (`a/b`, `.` for the root).
 */
export function macrosEntryOf(clientPath: string): { entry: string } | 'whole' | null {
  const parts = clientPath.split('/');
  if (parts[0] !== MACROS_DIR) return null;
  return parts[1] === undefined ? 'whole' : { entry: parts[1] };
}
