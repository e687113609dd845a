import { mkdir } from 'node:fs/promises';
import {
  BACKUP_INTERRUPTED,
  backupProgressionTitle,
  formatBytes,
  type CausedBy,
} from '@hearth/protocol';
import { CoreError, badRequest, toCoreError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { BackupRepository, StoredBackup } from '../../repositories/backup-repository.ts';
import { Progression } from '../instance-progression.ts';
import { writeBackupArchive } from './backup-archive.ts';
import type { Excluder } from './backup-excludes.ts';
import { PercentReporter, endProgression, errorText, recordBackup } from './backup-progress.ts';
import type { BackupTarget } from './backup-target.ts';
import { withConsistentSave } from './consistent-save.ts';

export interface BackupJobContext {
  events: EventBus;
  repository: BackupRepository;
  log: { error(msg: string): void };
  now: () => number;
  gzipLevel?: number;
  folder(instanceUuid: string): string;
  archivePath(backup: StoredBackup): string;
  /** Removes the record and its archive (a failed safety backup: its restore reports the failure). */
  remove(backup: StoredBackup): Promise<void>;
  /** Removes only the archive (a failed backup's row stays, as Failed, until it is dismissed). */
  removeArchive(backup: StoredBackup): Promise<void>;
  /** After a successful backup, before its end is reported: retention; returns the ids removed. */
  prune?: () => Promise<string[]>;
  /** Aborts the archive (core shutdown). */
  signal?: AbortSignal;
}

/**
 * Fills a Creating backup record: archive the instance folder (consistently if the game allows),
 * mark it Ready, report progression. On failure any file is removed, the record becomes a Failed
 * row with the reason (a safety backup's record is removed: its restore reports), and the error is
 * rethrown as a CoreError.
 */
export async function runBackupJob(
  ctx: BackupJobContext,
  target: BackupTarget,
  stored: StoredBackup,
  causedBy: CausedBy,
  excluded: Excluder,
): Promise<void> {
  const progression = new Progression(
    ctx.events,
    causedBy,
    backupProgressionTitle(stored.safety ? 'safety' : 'backup', target.name),
    100,
    null,
  );
  const reporter = new PercentReporter(progression, 'Archiving');
  // Progress is measured against the previous backup's size (null: the first one).
  const previous =
    ctx.repository.list(target.uuid).find((b) => b.state === 'Ready')?.uncompressed_bytes ?? null;
  const started = ctx.now();
  try {
    await mkdir(ctx.folder(target.uuid), { recursive: true, mode: 0o700 });
    let done = 0;
    const { result, live } = await withConsistentSave(target, () =>
      writeBackupArchive({
        root: target.dir,
        excluded,
        output: ctx.archivePath(stored),
        ...(ctx.gzipLevel !== undefined ? { gzipLevel: ctx.gzipLevel } : {}),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        onBytes: (n) => reporter.bytes((done += n), previous, 0, 99),
      }),
    );
    ctx.repository.complete(stored.id, {
      duration_ms: ctx.now() - started,
      size_bytes: result.sizeBytes,
      uncompressed_bytes: result.uncompressedBytes,
      entries: result.entries,
      skipped_entries: result.skipped,
      sha256: result.sha256,
      live,
    });
    const how = live ? ', taken live' : '';
    const pruned = (await ctx.prune?.()) ?? [];
    const removed =
      pruned.length === 0
        ? ''
        : `; ${pruned.length} old backup${pruned.length === 1 ? '' : 's'} removed by retention`;
    const message = `Backup of ${target.name} finished (${formatBytes(result.sizeBytes)}${how})${removed}`;
    endProgression(progression, stored.safety ? null : target.uuid, true, message);
    if (!stored.safety) recordBackup(ctx.events, causedBy, 'created', target, stored, message);
  } catch (caught) {
    const err = ctx.signal?.aborted ? badRequest(BACKUP_INTERRUPTED) : caught;
    if (!(err instanceof CoreError))
      ctx.log.error(
        `Backup of ${target.uuid} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    const failure = errorText(err);
    if (stored.safety) {
      await ctx.remove(stored).catch(() => undefined);
    } else {
      await ctx.removeArchive(stored).catch(() => undefined);
      try {
        ctx.repository.fail(stored.id, failure, ctx.now() - started);
      } catch (dbErr) {
        // The row stays Creating; the next boot marks it as interrupted.
        ctx.log.error(`Could not record the failure of backup ${stored.id}: ${errorText(dbErr)}`);
      }
    }
    const message = `Backup of ${target.name} failed: ${failure}`;
    endProgression(progression, stored.safety ? null : target.uuid, false, message);
    if (!stored.safety) recordBackup(ctx.events, causedBy, 'failed', target, stored, message);
    throw toCoreError(err);
  }
}
