import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  BACKUP_INTERRUPTED,
  SnowflakeGenerator,
  formatBytes,
  type BackupRecord,
  type BackupSettings,
  type BackupSettingsPatch,
  type CausedBy,
} from '@hearth/protocol';
import { badRequest, internal, notFound } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { BackupRepository, StoredBackup } from '../../repositories/backup-repository.ts';
import { TEMP_PREFIX } from '../files/atomic-ops.ts';
import { buildExcluder, type Excluder } from './backup-excludes.ts';
import { runBackupJob } from './backup-job.ts';
import { errorText, recordBackup } from './backup-progress.ts';
import type { BackupTarget, BackupTargets } from './backup-target.ts';
import {
  RestoreWorkflow,
  RESTORE_PRESERVED,
  restoreLabel,
  type RecoveredRestore,
} from './restore-workflow.ts';
import type { RestorePoint } from './restore-swap.ts';
import { retentionVictims } from './retention-policy.ts';

export interface BackupServiceDeps {
  dataDir: string;
  repository: BackupRepository;
  events: EventBus;
  targets: BackupTargets;
  log: { warn(msg: string): void; error(msg: string): void };
  now?: () => number;
  gzipLevel?: number;
  /** Top-level files a restore keeps from the current folder (default RESTORE_PRESERVED). */
  preserveOnRestore?: readonly string[];
  /** Pauses a restore at given points (tests stop it there with kill -9). */
  onRestorePoint?: (point: RestorePoint) => Promise<void>;
}

export interface CreateBackupOptions {
  name?: string | null;
  locked?: boolean;
}

/** Started work: the record (as it is now) and a promise of its end (never an unhandled rejection). */
export interface BackupJob {
  backup: BackupRecord;
  done: Promise<BackupRecord>;
}

export interface DownloadableBackup {
  path: string;
  name: string;
  size: number;
}

const ids = new SnowflakeGenerator();

/** Work the core stopped in the middle of, found at boot: reported once the instances are loaded. */
interface InterruptedWork {
  instanceUuid: string;
  action: 'failed' | 'restored' | 'restore_failed';
  backup: { id: string; name: string | null } | null;
  causedBy: CausedBy;
  /** The Event Logs message, given the instance's name. */
  message(instanceName: string): string;
}

/** What the Event Logs say about a restore that a stop of the core cut short. */
function recoveredRestoreWork(
  found: RecoveredRestore,
  backup: StoredBackup | null,
): InterruptedWork {
  const { journal, outcome } = found;
  const label = backup === null ? `backup ${journal.backup_id}` : restoreLabel(backup);
  const base = {
    instanceUuid: journal.instance_uuid,
    backup: { id: journal.backup_id, name: backup?.name ?? null },
    causedBy: journal.caused_by ?? ({ type: 'System' } as const),
  };
  const stopped = 'the core stopped during the restore';
  switch (outcome) {
    case 'completed':
      return {
        ...base,
        action: 'restored',
        message: (name) =>
          `Restored ${label} of ${name}: ${stopped} and finished it when it started again`,
      };
    case 'rolled back':
      return {
        ...base,
        action: 'restore_failed',
        message: (name) =>
          `Restore of ${name} failed: ${stopped}; the instance folder was left as it was`,
      };
    case 'inconsistent':
    case 'failed':
      return {
        ...base,
        action: 'restore_failed',
        message: (name) =>
          `Restore of ${name} failed: ${stopped}, and its folders could not be put back in order at the next start; nothing was removed (see the core log)`,
      };
  }
}

function publicRecord(stored: StoredBackup): BackupRecord {
  const { file_name: _file, ...record } = stored;
  return record;
}

function safeName(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9._ -]+/g, '_')
      .trim()
      .slice(0, 80) || 'instance'
  );
}

/**
 * Backups of instance folders (see README.md): created in the background with progression events,
 * one backup or restore per instance at a time, stored under `<dataDir>/backups/<uuid>/`.
 * Permissions are the routes' business; nothing here knows about HTTP.
 */
export class BackupService {
  private readonly active = new Map<string, { kind: 'backup' | 'restore'; backupId: string }>();
  /** Work in progress, for shutdown: backups are aborted, restores finish (they are short and journaled). */
  private readonly jobs = new Set<Promise<unknown>>();
  private readonly aborter = new AbortController();
  private interrupted: InterruptedWork[] = [];
  private readonly now: () => number;
  private readonly restores: RestoreWorkflow;

  constructor(private readonly deps: BackupServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.restores = new RestoreWorkflow({
      repository: deps.repository,
      events: deps.events,
      now: this.now,
      preserve: deps.preserveOnRestore ?? RESTORE_PRESERVED,
      archiveOf: (backup) => this.archivePath(backup),
      safetyBackup: (target, name, causedBy) => this.makeSafetyBackup(target, name, causedBy),
      ...(deps.onRestorePoint ? { onPoint: deps.onRestorePoint } : {}),
    });
  }

  get root(): string {
    return path.join(this.deps.dataDir, 'backups');
  }

  /**
   * Boot, before the instance scan: finish or undo interrupted restores; a backup the core died
   * while writing becomes a Failed row (a safety backup's is removed: its restore is reported).
   * What was found goes to the Event Logs with `reportInterrupted`, once instances are loaded.
   */
  async init(): Promise<void> {
    const restores = await this.restores.recover(
      path.join(this.deps.dataDir, 'instances'),
      this.deps.log,
    );
    for (const found of restores)
      this.interrupted.push(
        recoveredRestoreWork(found, this.deps.repository.get(found.journal.backup_id)),
      );
    for (const backup of this.deps.repository.unfinished()) {
      try {
        if (backup.safety) {
          await this.removeBackup(backup);
          this.deps.log.warn(`Removed safety backup ${backup.id}: the core stopped during it`);
          continue;
        }
        await rm(this.archivePath(backup), { force: true });
        this.deps.repository.fail(backup.id, BACKUP_INTERRUPTED, null);
      } catch (err) {
        // E.g. a read-only database: the core still starts (with its warning); the next boot retries.
        this.deps.log.error(
          `Could not settle the unfinished backup ${backup.id}: ${errorText(err)}`,
        );
        continue;
      }
      this.deps.log.warn(`Backup ${backup.id} failed: the core stopped while it was being made`);
      this.interrupted.push({
        instanceUuid: backup.instance_uuid,
        action: 'failed',
        backup,
        causedBy: backup.made_by,
        message: (name) => `Backup of ${name} failed: ${BACKUP_INTERRUPTED}`,
      });
    }
    const folders = await readdir(this.root).catch(() => [] as string[]);
    for (const folder of folders) {
      const names = await readdir(path.join(this.root, folder)).catch(() => [] as string[]);
      for (const name of names)
        if (name.startsWith(TEMP_PREFIX))
          await rm(path.join(this.root, folder, name), { force: true });
    }
  }

  /** Boot, after the instances are loaded: Event Logs entries for what `init` found interrupted. */
  reportInterrupted(): void {
    for (const work of this.interrupted) {
      let name: string;
      try {
        name = this.deps.targets.get(work.instanceUuid).name;
      } catch {
        name = `instance ${work.instanceUuid}`;
      }
      recordBackup(
        this.deps.events,
        work.causedBy,
        work.action,
        { uuid: work.instanceUuid, name },
        work.backup,
        work.message(name),
      );
    }
    this.interrupted = [];
  }

  list(instanceUuid: string): BackupRecord[] {
    return this.deps.repository.list(instanceUuid).map(publicRecord);
  }

  get(instanceUuid: string, backupId: string): BackupRecord {
    return publicRecord(this.find(instanceUuid, backupId));
  }

  /** True while a backup or restore of the instance runs. */
  isBusy(instanceUuid: string): boolean {
    return this.active.has(instanceUuid);
  }

  /**
   * Starts a backup and answers once its row is stored. A second backup or a restore of the same instance while
   * one runs is refused with 400 (not queued: the caller sees at once that nothing new started).
   */
  async create(
    instanceUuid: string,
    options: CreateBackupOptions,
    causedBy: CausedBy,
  ): Promise<BackupJob> {
    this.refuseWhenClosing();
    const target = this.deps.targets.get(instanceUuid);
    // The instance is claimed before the first await: a second call meanwhile is refused.
    const stored = await this.begin(target, options, causedBy, false, 'backup');
    const done = this.runBackup(target, stored, causedBy, true).finally(() =>
      this.active.delete(instanceUuid),
    );
    return { backup: publicRecord(stored), done: this.track(done) };
  }

  /** Shutdown: backups in progress are aborted (their records and files removed), restores finish. */
  async shutdown(): Promise<void> {
    this.aborter.abort();
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  private refuseWhenClosing(): void {
    if (this.aborter.signal.aborted) throw badRequest('The core is shutting down');
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.jobs.add(work);
    const forget = () => this.jobs.delete(work);
    work.then(forget, forget);
    return work;
  }

  /**
   * Starts a restore and returns at once. The instance must be stopped (400 otherwise) unless
   * `stopFirst` is set, in which case the restore stops it gracefully first; it stays held (cannot
   * start) until the restore ends. Resolves with the safety backup of the replaced tree.
   */
  restore(
    instanceUuid: string,
    backupId: string,
    causedBy: CausedBy,
    options: { stopFirst?: boolean } = {},
  ): BackupJob {
    this.refuseWhenClosing();
    const target = this.deps.targets.get(instanceUuid);
    const backup = this.find(instanceUuid, backupId);
    if (backup.state !== 'Ready') throw badRequest('Backup is not finished yet');
    const stopFirst = options.stopFirst === true;
    if (target.isRunning() && !stopFirst)
      throw badRequest('Instance must be stopped to restore a backup');
    this.claim(instanceUuid, 'restore', backupId);
    let release: () => void;
    try {
      release = target.hold('being restored');
    } catch (err) {
      this.active.delete(instanceUuid);
      throw err;
    }
    const done = this.restores.run(target, backup, causedBy, stopFirst).finally(() => {
      release();
      this.active.delete(instanceUuid);
    });
    return { backup: publicRecord(backup), done: this.track(done) };
  }

  async update(
    instanceUuid: string,
    backupId: string,
    patch: CreateBackupOptions,
  ): Promise<BackupRecord> {
    this.find(instanceUuid, backupId);
    await this.deps.repository.update(backupId, patch);
    return this.get(instanceUuid, backupId);
  }

  async delete(
    instanceUuid: string,
    backupId: string,
    causedBy: CausedBy = { type: 'System' },
  ): Promise<void> {
    const backup = this.find(instanceUuid, backupId);
    const target = { uuid: instanceUuid, name: this.deps.targets.get(instanceUuid).name };
    // A failed backup has no archive and nothing to protect: deleting its row dismisses it.
    const failed = backup.state === 'Failed';
    if (!failed) {
      if (backup.locked) throw badRequest('Backup is locked', 'Unlock it before deleting it');
      if (backup.state !== 'Ready') throw badRequest('Backup is still being made');
      const running = this.active.get(instanceUuid);
      if (running?.kind === 'restore' && running.backupId === backupId)
        throw badRequest('Backup is being restored');
    }
    const detail = failed
      ? `Dismissed the failed backup (${backup.failure ?? 'unknown error'})`
      : `Its archive (${formatBytes(backup.size_bytes)}) was removed`;
    await this.removeBackup(backup);
    recordBackup(this.deps.events, causedBy, 'deleted', target, backup, detail);
  }

  /** What a download key needs: the archive's host path, a file name for the client, its size. */
  async download(instanceUuid: string, backupId: string): Promise<DownloadableBackup> {
    const backup = this.find(instanceUuid, backupId);
    if (backup.state !== 'Ready') throw badRequest('Backup is not finished yet');
    const target = this.deps.targets.get(instanceUuid);
    const file = this.archivePath(backup);
    const size = (await stat(file).catch(() => null))?.size;
    if (size === undefined) throw notFound('Backup archive is missing');
    const when = new Date(backup.created_at).toISOString().slice(0, 16).replace(/[:T]/g, '-');
    const label = backup.name === null ? '' : `-${safeName(backup.name)}`;
    return { path: file, name: `${safeName(target.name)}-${when}${label}.tar.gz`, size };
  }

  settings(instanceUuid: string): BackupSettings {
    return this.deps.repository.settings(instanceUuid);
  }

  async updateSettings(instanceUuid: string, patch: BackupSettingsPatch): Promise<BackupSettings> {
    const next = { ...this.settings(instanceUuid), ...patch };
    await this.deps.repository.saveSettings(instanceUuid, next);
    return next;
  }

  /** Deletes every backup of an instance (locked ones too) and its settings: the instance is gone. */
  async forgetInstance(instanceUuid: string): Promise<void> {
    // A backup of a stopped instance may still run when it is deleted (it fails on the vanished folder).
    while (this.active.has(instanceUuid)) await Promise.allSettled([...this.jobs]);
    for (const backup of this.deps.repository.list(instanceUuid)) await this.removeBackup(backup);
    await this.deps.repository.forgetSettings(instanceUuid);
    await rm(this.instanceFolder(instanceUuid), { recursive: true, force: true });
  }

  /** Applies the instance's retention policy now; returns the ids removed. */
  async applyRetention(instanceUuid: string): Promise<string[]> {
    const backups = this.deps.repository.list(instanceUuid).filter((b) => b.state === 'Ready');
    const policy = this.settings(instanceUuid).retention;
    const victims = retentionVictims(backups, policy, this.now());
    for (const id of victims) {
      const backup = backups.find((b) => b.id === id);
      if (!backup) continue;
      await this.removeBackup(backup);
      const target = { uuid: instanceUuid, name: this.deps.targets.get(instanceUuid).name };
      recordBackup(
        this.deps.events,
        { type: 'System' },
        'deleted',
        target,
        backup,
        'Removed by the retention policy',
      );
    }
    return victims;
  }

  private find(instanceUuid: string, backupId: string): StoredBackup {
    const backup = this.deps.repository.get(backupId);
    if (backup === null || backup.instance_uuid !== instanceUuid)
      throw notFound('Backup not found');
    return backup;
  }

  private claim(instanceUuid: string, kind: 'backup' | 'restore', backupId: string): void {
    const running = this.active.get(instanceUuid);
    if (running) {
      throw badRequest(
        running.kind === 'backup'
          ? 'A backup of this instance is already running'
          : 'A restore of this instance is running',
      );
    }
    this.active.set(instanceUuid, { kind, backupId });
  }

  private instanceFolder(instanceUuid: string): string {
    // Uuids come from the instance registry; still, never let one name another folder.
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(instanceUuid)) throw internal('Invalid instance id');
    return path.join(this.root, instanceUuid);
  }

  private archivePath(backup: StoredBackup): string {
    return path.join(this.instanceFolder(backup.instance_uuid), backup.file_name);
  }

  /** Inserts the Creating row (claiming the instance when `claimKind` is set, before any await). */
  private async begin(
    target: BackupTarget,
    options: CreateBackupOptions,
    causedBy: CausedBy,
    safety: boolean,
    claimKind: 'backup' | null,
  ): Promise<StoredBackup> {
    const id = ids.next();
    if (claimKind) this.claim(target.uuid, claimKind, id);
    const stored: StoredBackup = {
      id,
      instance_uuid: target.uuid,
      name: options.name ?? null,
      state: 'Creating',
      created_at: this.now(),
      duration_ms: null,
      size_bytes: 0,
      uncompressed_bytes: 0,
      entries: 0,
      skipped_entries: 0,
      sha256: null,
      made_by: causedBy,
      locked: options.locked ?? false,
      live: false,
      safety,
      failure: null,
      file_name: `${id}.tar.gz`,
    };
    try {
      await this.deps.repository.insert(stored);
    } catch (err) {
      if (claimKind) this.active.delete(target.uuid);
      throw err;
    }
    return stored;
  }

  private async runBackup(
    target: BackupTarget,
    stored: StoredBackup,
    causedBy: CausedBy,
    retention: boolean,
    excluded?: Excluder,
  ): Promise<BackupRecord> {
    await runBackupJob(
      {
        events: this.deps.events,
        repository: this.deps.repository,
        log: this.deps.log,
        now: this.now,
        ...(this.deps.gzipLevel !== undefined ? { gzipLevel: this.deps.gzipLevel } : {}),
        folder: (uuid) => this.instanceFolder(uuid),
        archivePath: (backup) => this.archivePath(backup),
        remove: (backup) => this.removeBackup(backup),
        removeArchive: (backup) => rm(this.archivePath(backup), { force: true }),
        signal: this.aborter.signal,
        ...(retention
          ? {
              prune: () =>
                this.applyRetention(target.uuid).catch((err: unknown) => {
                  this.deps.log.warn(`Retention of ${target.uuid} failed: ${errorText(err)}`);
                  return [];
                }),
            }
          : {}),
      },
      target,
      stored,
      causedBy,
      excluded ?? buildExcluder(this.settings(target.uuid).excludes),
    );
    return this.get(target.uuid, stored.id);
  }

  /** A full copy of the current tree (only Hearth's own temp files left out), made before a restore. */
  private async makeSafetyBackup(
    target: BackupTarget,
    name: string,
    causedBy: CausedBy,
  ): Promise<BackupRecord> {
    const stored = await this.begin(target, { name }, causedBy, true, null);
    return this.runBackup(target, stored, causedBy, false, buildExcluder(''));
  }

  private async removeBackup(backup: StoredBackup): Promise<void> {
    await rm(this.archivePath(backup), { force: true });
    await this.deps.repository.delete(backup.id);
  }
}
