import { mkdir } from 'node:fs/promises';
import { formatBytes, type CausedBy } from '@hearth/protocol';
import { CoreError, toCoreError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { BackupRepository, StoredBackup } from '../../repositories/backup-repository.ts';
import { Progression } from '../instance-progression.ts';
import { writeBackupArchive } from './backup-archive.ts';
import type { Excluder } from './backup-excludes.ts';
import { PercentReporter, errorText } from './backup-progress.ts';
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
  remove(backup: StoredBackup): Promise<void>;
}

/**
 * Fills a Creating backup record: archive the instance folder (consistently if the game allows),
 * mark it Ready, report progression. On failure the record and any file are removed and the
 * error is rethrown as a CoreError.
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
    stored.safety ? `Safety backup of ${target.name}` : `Backing up ${target.name}`,
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
    progression.end(
      true,
      `Backup of ${target.name} finished (${formatBytes(result.sizeBytes)}${how})`,
      null,
    );
  } catch (err) {
    await ctx.remove(stored).catch(() => undefined);
    if (!(err instanceof CoreError))
      ctx.log.error(
        `Backup of ${target.uuid} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    progression.end(false, `Backup of ${target.name} failed: ${errorText(err)}`, null);
    throw toCoreError(err);
  }
}
