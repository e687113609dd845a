import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  INSTANCE_CONFIG_FILE,
  restoreProgressionTitle,
  type BackupRecord,
  type CausedBy,
} from '@hearth/protocol';
import { badRequest, toCoreError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type {
  BackupRepository,
  RestoreJournal,
  StoredBackup,
} from '../../repositories/backup-repository.ts';
import { MINECRAFT_CONFIG_FILE } from '../../runtime/minecraft/config.ts';
import { Progression } from '../instance-progression.ts';
import { PercentReporter, endProgression, errorText, recordBackup } from './backup-progress.ts';
import type { BackupTarget } from './backup-target.ts';
import {
  extractAndSwap,
  recoverRestore,
  removeStrayRestoreDirs,
  restoreSiblings,
  type RecoveryOutcome,
  type RestorePoint,
} from './restore-swap.ts';

/**
 * Files a restore takes from the current folder instead of the backup: the Lodestone mirrors of
 * the instance's record (the core writes them, never reads them back; the record itself is in
 * SQLite), so a folder opened by Lodestone still matches the instance. The game's files — world,
 * jars, server.properties, plugins — come from the backup.
 */
export const RESTORE_PRESERVED: readonly string[] = [INSTANCE_CONFIG_FILE, MINECRAFT_CONFIG_FILE];

export interface RestoreWorkflowDeps {
  repository: BackupRepository;
  events: EventBus;
  now: () => number;
  preserve: readonly string[];
  archiveOf(backup: StoredBackup): string;
  safetyBackup(target: BackupTarget, name: string, causedBy: CausedBy): Promise<BackupRecord>;
  onPoint?: (point: RestorePoint) => Promise<void>;
}

async function sha256Of(file: string, onBytes: (done: number) => void): Promise<string> {
  const hash = createHash('sha256');
  let done = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    onBytes((done += (chunk as Buffer).byteLength));
  }
  return hash.digest('hex');
}

/** A restore the core stopped in the middle of, as the next boot found and settled it. */
export interface RecoveredRestore {
  journal: RestoreJournal;
  outcome: RecoveryOutcome | 'failed';
}

/** How a restore is named in messages: its backup's name, else the time the backup was made. */
export function restoreLabel(backup: { name: string | null; created_at: number }): string {
  return backup.name ?? `the backup of ${new Date(backup.created_at).toISOString()}`;
}

/** Restore = verify the archive, keep a safety backup of the current tree, extract, swap. */
export class RestoreWorkflow {
  constructor(private readonly deps: RestoreWorkflowDeps) {}

  async run(
    target: BackupTarget,
    backup: StoredBackup,
    causedBy: CausedBy,
    stopFirst = false,
  ): Promise<BackupRecord> {
    const label = restoreLabel(backup);
    const progression = new Progression(
      this.deps.events,
      causedBy,
      restoreProgressionTitle(label, target.name),
      100,
      null,
    );
    const reporter = new PercentReporter(progression, 'Restoring');
    // Journaled from the start, so a core killed while it verifies or makes the safety backup
    // still leaves a trace that the next boot reports (the folder is not touched in this phase).
    const { staging, old } = restoreSiblings(target.dir, target.uuid);
    let swapStarted = false;
    try {
      await this.deps.repository.saveJournal({
        instance_uuid: target.uuid,
        backup_id: backup.id,
        instance_dir: target.dir,
        staging_dir: staging,
        old_dir: old,
        phase: 'preparing',
        started_at: this.deps.now(),
        caused_by: causedBy,
      });
      if (stopFirst && target.isRunning()) {
        progression.update(0, `Stopping ${target.name}`);
        await target.stop(causedBy);
      }
      const archive = this.deps.archiveOf(backup);
      const actual = await sha256Of(archive, (done) =>
        reporter.bytes(done, backup.size_bytes, 0, 10),
      );
      if (actual !== backup.sha256) {
        throw badRequest(
          'Backup archive is damaged',
          'Its checksum does not match the one recorded when it was made',
        );
      }
      const safety = await this.deps.safetyBackup(target, `Before restoring ${label}`, causedBy);
      reporter.to(50, 'Safety backup made');
      if (target.isRunning()) throw badRequest('Instance was started during the restore');
      // From here extractAndSwap owns the journal (it clears it, or keeps it for the next boot).
      swapStarted = true;
      await extractAndSwap({
        archive,
        instanceDir: target.dir,
        instanceUuid: target.uuid,
        backupId: backup.id,
        causedBy,
        journal: this.deps.repository,
        // The archive is ours (checksum verified): its own totals are the exact limits.
        limits: { maxBytes: backup.uncompressed_bytes, maxEntries: backup.entries },
        preserve: this.deps.preserve,
        now: this.deps.now,
        onProgress: (p) => reporter.bytes(p.doneBytes, p.totalBytes, 50, 99),
        ...(this.deps.onPoint ? { onPoint: this.deps.onPoint } : {}),
      });
      const message = `Restored ${label}; the replaced files are kept in the backup "${safety.name ?? safety.id}"`;
      endProgression(progression, target.uuid, true, message);
      recordBackup(this.deps.events, causedBy, 'restored', target, backup, message);
      return safety;
    } catch (err) {
      if (!swapStarted) {
        // A background write: while the database cannot take it, the next boot finds the
        // journal and reports it.
        this.deps.repository.clearJournal(target.uuid);
      }
      const message = `Restore of ${target.name} failed: ${errorText(err)}`;
      endProgression(progression, target.uuid, false, message);
      recordBackup(this.deps.events, causedBy, 'restore_failed', target, backup, message);
      throw toCoreError(err);
    }
  }

  /**
   * Boot: every journal left by a crash is completed or rolled back; stray siblings removed.
   * Returns what was found, for the Event Logs once the instances (and their names) are loaded.
   */
  async recover(
    instancesRoot: string,
    log: { warn(msg: string): void; error(msg: string): void },
  ): Promise<RecoveredRestore[]> {
    const found: RecoveredRestore[] = [];
    for (const journal of this.deps.repository.journals()) {
      try {
        const outcome = await recoverRestore(journal, this.deps.repository);
        const message = `Restore of backup ${journal.backup_id} into ${journal.instance_dir} interrupted by a stop of the core: ${outcome}`;
        if (outcome === 'inconsistent') log.error(message);
        else log.warn(message);
        found.push({ journal, outcome });
      } catch (err) {
        log.error(`Could not recover the restore into ${journal.instance_dir}: ${errorText(err)}`);
        found.push({ journal, outcome: 'failed' });
      }
    }
    await removeStrayRestoreDirs(instancesRoot, this.deps.repository.journals());
    return found;
  }
}
