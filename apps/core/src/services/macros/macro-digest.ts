import { createHash, type Hash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, readdir, type FileHandle } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { CoreError, badRequest } from '../../errors.ts';
import type { DirHandle, FileSandbox } from '../../lib/file-sandbox.ts';
import { isErrno } from '../../lib/fs-error.ts';
import { isTempName } from '../../lib/temp-names.ts';

/** Where macros live inside an instance folder (core-api.md §3.11). */
export const MACROS_DIR = 'macros';

/** Past these a macros folder is not vouched for (its digest would cost the core too much). */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ITEMS = 10_000;
const MAX_DEPTH = 32;
const CHUNK = 64 * 1024;

/** A digest per top-level entry of `macros/`; null for an entry that cannot be vouched for. */
export type MacroDigests = Map<string, string | null>;

/** Why an entry has no digest: something in it is not a plain file or folder, or it is too big. */
class Unverifiable extends Error {}
/** The entry went away between the listing and its walk: it is no code any more. */
class Gone extends Error {}

interface Budget {
  bytes: number;
  items: number;
}

async function hashFile(handle: FileHandle, hash: Hash, budget: Budget): Promise<void> {
  const buffer = Buffer.alloc(CHUNK);
  for (let position = 0; ;) {
    const { bytesRead } = await handle.read(buffer, 0, CHUNK, position);
    if (bytesRead === 0) return;
    budget.bytes += bytesRead;
    if (budget.bytes > MAX_BYTES) throw new Unverifiable();
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
}

function sortedEntries(entries: Dirent[]): Dirent[] {
  return entries
    .filter((e) => !isTempName(e.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Feeds one item (at `dir.path/name`, shown as `relative`) into `hash`: a regular file's bytes, a
 * folder's items in name order. Everything is opened through the sandbox — O_NOFOLLOW,
 * non-blocking, the descriptor's real place checked — so a link, FIFO or device anywhere makes the
 * entry unverifiable instead of being followed or read.
 */
async function feed(
  sandbox: FileSandbox,
  dir: DirHandle,
  name: string,
  relative: string,
  hash: Hash,
  budget: Budget,
  depth: number,
): Promise<void> {
  budget.items += 1;
  if (budget.items > MAX_ITEMS || depth > MAX_DEPTH) throw new Unverifiable();
  const st = await lstat(`${dir.path}/${name}`).catch((err: unknown) => {
    throw depth === 0 && isErrno(err, 'ENOENT') ? new Gone() : err;
  });
  if (st.isFile()) {
    const handle = await sandbox.open(`${dir.path}/${name}`, constants.O_RDONLY, 0);
    try {
      if (!(await handle.stat()).isFile()) throw new Unverifiable();
      const file = createHash('sha256');
      await hashFile(handle, file, budget);
      hash.update(`F ${relative}\0${file.digest('hex')}\n`);
    } finally {
      await handle.close();
    }
    return;
  }
  if (!st.isDirectory()) throw new Unverifiable();
  hash.update(`D ${relative}\n`);
  const child = await sandbox.openDir(`${dir.path}/${name}`);
  try {
    const entries = sortedEntries(await readdir(child.path, { withFileTypes: true }));
    for (const entry of entries)
      await feed(sandbox, child, entry.name, `${relative}/${entry.name}`, hash, budget, depth + 1);
  } finally {
    await child.close();
  }
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
 * The digest of every top-level entry under `macros/` (a macro's folder, a loose module), read
 * through the instance's file sandbox. A missing `macros/` has no entries.
 */
export async function digestMacros(sandbox: FileSandbox): Promise<MacroDigests> {
  const digests: MacroDigests = new Map();
  const dir = await openMacrosDir(sandbox);
  if (dir === null) return digests;
  try {
    const entries = sortedEntries(await readdir(dir.path, { withFileTypes: true }));
    const budget: Budget = { bytes: 0, items: 0 };
    for (const entry of entries) {
      const hash = createHash('sha256');
      try {
        await feed(sandbox, dir, entry.name, entry.name, hash, budget, 0);
        digests.set(entry.name, hash.digest('hex'));
      } catch (err) {
        if (err instanceof Gone) continue;
        // Anything odd inside (a link, a FIFO, an item swapped or removed meanwhile, too much):
        // the entry cannot be vouched for.
        if (
          err instanceof Unverifiable ||
          err instanceof CoreError ||
          isErrno(err, 'ENOENT', 'ELOOP', 'ENOTDIR', 'EACCES', 'EPERM')
        ) {
          digests.set(entry.name, null);
          continue;
        }
        throw err;
      }
    }
  } finally {
    await dir.close();
  }
  return digests;
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
