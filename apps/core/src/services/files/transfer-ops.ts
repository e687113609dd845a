import { constants, lstat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { CoreError, badRequest } from '../../errors.ts';
import { zipEntries } from './archive-create.ts';
import {
  createUniqueDir,
  createUniqueFile,
  removeQuietly,
  renameNoReplace,
  syncDir,
  tempName,
  writeAll,
} from './atomic-ops.ts';
import { joinClientPath } from './client-file.ts';
import { readRange } from './handle-stream.ts';
import { conflictName } from './file-name.ts';
import {
  clientBaseName,
  clientDirName,
  isWithin,
  normalizeClientPath,
  type FileSandbox,
} from '../../lib/file-sandbox.ts';
import { collectTree, totalSize, type TreeEntry } from './file-tree.ts';
import { fsError, isErrno } from '../../lib/fs-error.ts';
import type { ProgressCallback } from './progress.ts';

interface Source {
  absolute: string;
  name: string;
  entries: TreeEntry[];
}

/** Snapshots each source tree, named after the client's last path component. */
async function snapshot(sandbox: FileSandbox, relatives: readonly string[]): Promise<Source[]> {
  const root = await sandbox.realRoot();
  const sources: Source[] = [];
  for (const relative of relatives) {
    const absolute = await sandbox.resolve(relative);
    const name = clientBaseName(relative) ?? path.basename(root);
    const entries = await collectTree(absolute, name);
    // A link (planted after resolve) or a special file is never followed or copied.
    if (entries.length === 0) throw badRequest(`${name} is not a regular file or directory`);
    sources.push({ absolute, name, entries });
  }
  return sources;
}

/** Copies one file's bytes into a new file (opened by the caller), re-verifying the source on open. */
async function copyBytes(
  sandbox: FileSandbox,
  from: string,
  target: FileHandle,
  onBytes: (n: number) => void,
): Promise<void> {
  const source = await sandbox
    .open(from, constants.O_RDONLY, 0, 'Failed to read source file')
    .catch(async (err: unknown) => {
      await target.close();
      throw err;
    });
  try {
    await writeAll(target, readRange(source), { onBytes });
    await target.sync();
  } finally {
    await source.close();
    await target.close();
  }
}

/**
 * Copies files and directories (recursively) into an existing directory. A top-level name that is
 * taken gets `_1`, `_2`… suffixes. A source that fails half-way is removed from the destination, so
 * no half copy is left. Returns the client paths created.
 */
export async function copyInto(
  sandbox: FileSandbox,
  relatives: readonly string[],
  destDir: string,
  onProgress?: ProgressCallback,
): Promise<string[]> {
  const destClient = normalizeClientPath(destDir);
  const destAbs = await sandbox.resolve(destDir);
  const sources = await snapshot(sandbox, relatives);
  for (const source of sources) {
    if (source.entries[0]?.kind === 'dir' && isWithin(source.absolute, destAbs)) {
      throw badRequest('Failed to copy', 'Cannot copy a directory into itself');
    }
  }
  const totalBytes = sources.reduce((sum, s) => sum + totalSize(s.entries), 0);
  let doneBytes = 0;
  const onBytes = (n: number) => {
    doneBytes += n;
    onProgress?.({ doneBytes, totalBytes });
  };
  const created: string[] = [];
  await sandbox.withDir(
    destAbs,
    async (dir) => {
      for (const source of sources) {
        const [top, ...rest] = source.entries;
        if (top === undefined) continue;
        let topName: string;
        if (top.kind === 'file') {
          const { name, handle } = await createUniqueFile(dir, source.name, true, top.mode);
          topName = name;
          await copyBytes(sandbox, top.absolute, handle, onBytes).catch(async (err: unknown) => {
            await unlink(`${dir}/${name}`).catch(() => undefined);
            throw err;
          });
        } else {
          topName = await createUniqueDir(dir, source.name, true, top.mode | 0o700);
          try {
            for (const entry of rest) {
              const target = path.join(
                destAbs,
                topName,
                entry.relative.slice(source.name.length + 1),
              );
              if (entry.kind === 'dir') {
                await sandbox.mkdirp(target);
              } else {
                const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
                const handle = await sandbox.open(
                  target,
                  flags,
                  entry.mode,
                  'Failed to create file',
                );
                await copyBytes(sandbox, entry.absolute, handle, onBytes);
              }
            }
          } catch (err) {
            await removeQuietly(`${dir}/${topName}`);
            throw err;
          }
        }
        created.push(joinClientPath(destClient, topName));
      }
    },
    'Failed to open destination directory',
  );
  return created;
}

/**
 * Zips files and directories into an archive at `destArchive` (its parent must exist; the name is
 * `_N`-suffixed when taken). Written to a temp file first, so a failure leaves nothing behind.
 * Returns the client path of the archive.
 */
export async function zipInto(
  sandbox: FileSandbox,
  relatives: readonly string[],
  destArchive: string,
  onProgress?: ProgressCallback,
): Promise<string> {
  const destAbs = await sandbox.resolve(destArchive);
  if (await sandbox.isRoot(destAbs)) throw badRequest('Failed to zip', 'Invalid destination');
  const sources = await snapshot(sandbox, relatives);
  // Two targets with the same name would collide inside the archive: suffix the later ones.
  const used = new Set<string>();
  const entries: TreeEntry[] = [];
  for (const source of sources) {
    let name = source.name;
    for (let n = 1; used.has(name); n++) name = conflictName(source.name, n);
    used.add(name);
    for (const e of source.entries)
      entries.push({ ...e, relative: name + e.relative.slice(source.name.length) });
  }
  const finalName = await sandbox.withParent(
    destAbs,
    async (dir, name) => {
      const temp = `${dir}/${tempName()}`;
      const { handle } = await createUniqueFile(dir, path.basename(temp), false);
      try {
        await writeAll(handle, zipEntries(sandbox, entries, onProgress));
        await handle.sync();
        await handle.close();
        const placed = await renameNoReplace(temp, false, dir, name, true);
        await syncDir(dir);
        return placed;
      } catch (err) {
        await handle.close().catch(() => undefined);
        await unlink(temp).catch(() => undefined);
        throw err;
      }
    },
    'Failed to open destination directory',
  );
  return joinClientPath(clientDirName(destArchive), finalName);
}

/**
 * True when the path or anything below it is protected (for rmdir, move and copy by
 * non-privileged users). A link is judged by its name and by the tree it leads to, followed once.
 */
export async function treeHasProtected(
  sandbox: FileSandbox,
  relative: string,
  isProtected: (rel: string, isDir: boolean) => boolean,
  followLink = true,
): Promise<boolean> {
  const absolute = await sandbox.resolve(relative, { followFinal: false });
  let isLink: boolean;
  try {
    isLink = (await lstat(absolute)).isSymbolicLink();
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return false;
    throw fsError(err, 'Failed to read path');
  }
  if (isLink) {
    if (isProtected(relative, false)) return true;
    if (!followLink) return false;
    // Broken or leading outside: it reaches nothing of the instance (using it is refused anyway).
    const target = await sandbox.resolve(relative).catch((err: unknown) => {
      if (err instanceof CoreError && err.kind === 'PermissionDenied') return null;
      throw err;
    });
    if (target === null) return false;
    return treeHasProtected(sandbox, await sandbox.relative(target), isProtected, false);
  }
  const entries = await collectTree(absolute, normalizeClientPath(relative));
  return entries.some((e) => isProtected(e.relative, e.kind === 'dir'));
}
