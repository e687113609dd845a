import { mkdir, open, rename, rm, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import { CREATE_FLAGS } from '../../lib/atomic-write.ts';
import { conflictName } from './file-name.ts';
import { isErrno } from '../../lib/fs-error.ts';

// The one atomic write and its temp names live in lib/atomic-write.ts; this file adds the
// no-replace creations and moves the file service needs.
export {
  TEMP_PREFIX,
  syncDir,
  tempName,
  writeAll,
  writeFileAtomic,
  type WriteProgress,
  type WriteSource,
} from '../../lib/atomic-write.ts';

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

/** Removes a temp tree; failures are ignored (it is already garbage). */
export async function removeQuietly(target: string): Promise<void> {
  await rm(target, { recursive: true, force: true }).catch(() => undefined);
}
