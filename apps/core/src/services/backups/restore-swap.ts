import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { CausedBy } from '@hearth/protocol';
import type { BackupRepository, RestoreJournal } from '../../repositories/backup-repository.ts';
import { extractArchive, type ExtractLimits } from '../files/archive-extract.ts';
import { syncDir, tempName } from '../files/atomic-ops.ts';
import { FileSandbox } from '../../lib/file-sandbox.ts';
import type { FileProgress } from '../files/progress.ts';

/**
 * Siblings of an instance folder used by a restore. The leading dot keeps the instance scan from
 * taking them for instances; the uuid ties them to one instance.
 */
export const RESTORE_PREFIX = '.hearth-restore-';

export function restoreSiblings(instanceDir: string, instanceUuid: string) {
  const parent = path.dirname(instanceDir);
  return {
    staging: path.join(parent, `${RESTORE_PREFIX}${instanceUuid}-new`),
    old: path.join(parent, `${RESTORE_PREFIX}${instanceUuid}-old`),
  };
}

/** Points where a test may stop a restore (kill -9 there, then run recovery). */
export type RestorePoint = 'extracted' | 'half-swapped' | 'swapped';

export interface SwapOptions {
  archive: string;
  instanceDir: string;
  instanceUuid: string;
  backupId: string;
  /** Who started the restore (kept in the journal, for the report after a crash). */
  causedBy: CausedBy | null;
  journal: BackupRepository;
  limits: ExtractLimits;
  /** Top-level files whose current version is kept (the instance's identity and Hearth's record). */
  preserve: readonly string[];
  now: () => number;
  onProgress?: (progress: FileProgress) => void;
  onPoint?: (point: RestorePoint) => Promise<void>;
}

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch {
    return false;
  }
}

/** fsyncs every file and directory of a freshly extracted tree, so the swap publishes durable data. */
async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(child);
    else if (entry.isFile()) {
      const handle = await open(child, constants.O_RDONLY | constants.O_NOFOLLOW);
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  }
  await syncDir(dir);
}

/** Copies the current version of each preserved file over the extracted one (or removes it). */
async function carryPreserved(from: string, to: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const current = await lstat(path.join(from, name)).catch(() => null);
    const target = path.join(to, name);
    if (current?.isFile()) {
      const temp = path.join(to, tempName());
      await copyFile(path.join(from, name), temp, constants.COPYFILE_EXCL);
      await rename(temp, target);
    } else {
      await rm(target, { recursive: true, force: true });
    }
  }
}

/**
 * Extracts `archive` into a fresh sibling of the instance folder through the archive sandbox, then
 * swaps it in with two renames recorded in the journal (see recoverRestore). A failure before the
 * swap removes the sibling and leaves the instance folder untouched.
 */
export async function extractAndSwap(options: SwapOptions): Promise<void> {
  const { instanceDir, instanceUuid, journal } = options;
  const { staging, old } = restoreSiblings(instanceDir, instanceUuid);
  const record: RestoreJournal = {
    instance_uuid: instanceUuid,
    backup_id: options.backupId,
    instance_dir: instanceDir,
    staging_dir: staging,
    old_dir: old,
    phase: 'extracting',
    started_at: options.now(),
    caused_by: options.causedBy,
  };
  await rm(staging, { recursive: true, force: true });
  await rm(old, { recursive: true, force: true });
  await journal.saveJournal(record);
  try {
    await mkdir(staging, { mode: 0o755 });
    const handle = await open(options.archive, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const target = new FileSandbox(staging);
      await extractArchive(handle, 'tar.gz', 'backup', target, options.limits, options.onProgress);
    } finally {
      await handle.close();
    }
    await carryPreserved(instanceDir, staging, options.preserve);
    await syncTree(staging);
    await options.onPoint?.('extracted');
  } catch (err) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    journal.clearJournal(instanceUuid);
    throw err;
  }
  // From here on the journal says "swapping": a crash is completed forward at the next boot.
  try {
    await journal.saveJournal({ ...record, phase: 'swapping' });
    await rename(instanceDir, old);
  } catch (err) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    journal.clearJournal(instanceUuid);
    throw err;
  }
  await options.onPoint?.('half-swapped');
  try {
    await rename(staging, instanceDir);
  } catch (err) {
    // Put the old tree back; if even that fails the journal stays and the next boot completes it.
    await rename(old, instanceDir);
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    journal.clearJournal(instanceUuid);
    throw err;
  }
  await syncDir(path.dirname(instanceDir));
  await options.onPoint?.('swapped');
  // The journal stays until the replaced tree is gone, so a crash here is still finished (and
  // reported) at the next boot; a failure to remove it is left to that boot's sweep.
  await rm(old, { recursive: true, force: true }).catch(() => undefined);
  journal.clearJournal(instanceUuid);
}

export type RecoveryOutcome = 'rolled back' | 'completed' | 'inconsistent';

/**
 * Finishes or undoes a restore the core did not finish. Before the swap ("preparing",
 * "extracting") the instance folder was never touched: the sibling is removed. During the swap the extracted tree is
 * complete and fsynced, so the swap is completed: renames are atomic, so exactly one of
 * {folder=old, staging}, {old, staging}, {old, folder=new} holds.
 */
export async function recoverRestore(
  journal: RestoreJournal,
  repository: BackupRepository,
): Promise<RecoveryOutcome> {
  const { instance_dir: dir, staging_dir: staging, old_dir: old } = journal;
  let outcome: RecoveryOutcome;
  // Before the swap the instance folder was never touched: remove what was extracted, if anything.
  if (journal.phase === 'preparing' || journal.phase === 'extracting') {
    await rm(staging, { recursive: true, force: true });
    outcome = 'rolled back';
  } else {
    const [hasDir, hasStaging, hasOld] = await Promise.all([
      exists(dir),
      exists(staging),
      exists(old),
    ]);
    if (hasDir && hasStaging && !hasOld) {
      await rename(dir, old);
      await rename(staging, dir);
      outcome = 'completed';
    } else if (!hasDir && hasStaging && hasOld) {
      await rename(staging, dir);
      outcome = 'completed';
    } else if (hasDir && !hasStaging) {
      outcome = 'completed';
    } else if (!hasDir && !hasStaging && hasOld) {
      await rename(old, dir);
      outcome = 'rolled back';
    } else {
      outcome = 'inconsistent';
    }
    // Left as found (journal kept, so the siblings are not swept) for a person to look at.
    if (outcome === 'inconsistent') return outcome;
    await syncDir(path.dirname(dir));
    await rm(old, { recursive: true, force: true });
  }
  repository.clearJournal(journal.instance_uuid);
  return outcome;
}

/** Leftover restore siblings with no journal (a crash while removing the replaced tree). */
export async function removeStrayRestoreDirs(
  instancesRoot: string,
  journals: readonly RestoreJournal[],
): Promise<string[]> {
  const kept = new Set(journals.flatMap((j) => [j.staging_dir, j.old_dir]));
  const removed: string[] = [];
  const names = await readdir(instancesRoot).catch(() => [] as string[]);
  for (const name of names) {
    const full = path.join(instancesRoot, name);
    if (!name.startsWith(RESTORE_PREFIX) || kept.has(full)) continue;
    await rm(full, { recursive: true, force: true });
    removed.push(full);
  }
  return removed;
}
