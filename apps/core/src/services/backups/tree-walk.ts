import { lstat, readdir, type FileHandle } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { CoreError } from '../../errors.ts';
import type { FileSandbox } from '../../lib/file-sandbox.ts';
import { isErrno } from '../../lib/fs-error.ts';
import type { Excluder } from './backup-excludes.ts';

/** One item of the walk: a directory, or a regular file already opened (and verified) for reading. */
export type WalkItem =
  | { kind: 'dir'; relative: string; mode: number; mtime: Date }
  | {
      kind: 'file';
      relative: string;
      handle: FileHandle;
      size: number;
      mode: number;
      mtime: Date;
    };

export interface WalkCounters {
  /** Links, sockets, FIFOs, devices, and files that vanished or moved out between listing and opening. */
  skipped: number;
}

type Kind = 'dir' | 'file' | 'other';

async function kindOf(
  dir: string,
  entry: { name: string; isDirectory(): boolean; isFile(): boolean; isSymbolicLink(): boolean },
): Promise<Kind | null> {
  if (entry.isSymbolicLink()) return 'other';
  if (entry.isDirectory()) return 'dir';
  if (entry.isFile()) return 'file';
  // d_type unknown on some file systems: ask lstat (never following a link).
  try {
    const st = await lstat(path.join(dir, entry.name));
    return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  } catch (err) {
    if (isErrno(err, 'ENOENT', 'ENOTDIR')) return null;
    throw err;
  }
}

/** A verified directory's entries, sorted (the same tree always gives the same archive order). */
async function listDir(sandbox: FileSandbox, absolute: string) {
  const entries = await sandbox.withDir(absolute, (dir) => readdir(dir, { withFileTypes: true }));
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Walks the sandbox root depth-first without following anything. Directories are listed through
 * verified descriptors and files opened through the sandbox (O_NOFOLLOW, location re-checked), so
 * a game swapping a file or folder for a link mid-walk gets that item skipped, never an outside file
 * archived. Only one directory listing per level is held in memory. The caller closes each file.
 */
export async function* walkTree(
  sandbox: FileSandbox,
  excluded: Excluder,
  counters: WalkCounters,
): AsyncGenerator<WalkItem> {
  const root = await sandbox.realRoot();
  const stack: { absolute: string; relative: string }[] = [{ absolute: root, relative: '' }];
  while (stack.length > 0) {
    const current = stack.pop()!;
    let entries;
    try {
      entries = await listDir(sandbox, current.absolute);
    } catch (err) {
      // A directory that vanished or was swapped for a link after it was listed.
      if (current.relative !== '' && vanished(err)) {
        counters.skipped++;
        continue;
      }
      throw err;
    }
    const subdirs: { absolute: string; relative: string }[] = [];
    for (const entry of entries) {
      const relative = current.relative === '' ? entry.name : `${current.relative}/${entry.name}`;
      const absolute = path.join(current.absolute, entry.name);
      const kind = await kindOf(current.absolute, entry);
      if (kind === null) {
        counters.skipped++;
        continue;
      }
      if (excluded(relative, kind === 'dir')) continue;
      if (kind === 'other') {
        counters.skipped++;
        continue;
      }
      if (kind === 'dir') {
        subdirs.push({ absolute, relative });
        continue;
      }
      const opened = await openFile(sandbox, absolute);
      if (opened === null) {
        counters.skipped++;
        continue;
      }
      yield { kind: 'file', relative, ...opened };
    }
    const next: { absolute: string; relative: string }[] = [];
    for (const dir of subdirs) {
      const st = await lstat(dir.absolute).catch(() => null);
      if (st === null || !st.isDirectory()) {
        counters.skipped++;
        continue;
      }
      yield { kind: 'dir', relative: dir.relative, mode: st.mode & 0o7777, mtime: st.mtime };
      next.push(dir);
    }
    // Reversed, so the stack pops them in name order.
    stack.push(...next.reverse());
  }
}

/**
 * An item that disappeared, turned into a link or moved out of the root between listing and
 * opening (the sandbox reports these as NotFound / PermissionDenied / "Not a directory").
 */
function vanished(err: unknown): boolean {
  if (isErrno(err, 'ENOENT', 'ENOTDIR', 'ELOOP')) return true;
  if (!(err instanceof CoreError)) return false;
  return (
    err.kind === 'NotFound' ||
    err.kind === 'PermissionDenied' ||
    err.causes.includes('Not a directory')
  );
}

async function openFile(
  sandbox: FileSandbox,
  absolute: string,
): Promise<{ handle: FileHandle; size: number; mode: number; mtime: Date } | null> {
  let handle: FileHandle;
  try {
    handle = await sandbox.open(absolute, constants.O_RDONLY);
  } catch (err) {
    if (vanished(err)) return null;
    throw err;
  }
  const st = await handle.stat();
  if (!st.isFile()) {
    await handle.close();
    return null;
  }
  return { handle, size: st.size, mode: st.mode & 0o7777, mtime: st.mtime };
}
