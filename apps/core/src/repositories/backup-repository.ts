import {
  BackupRecordSchema,
  CausedBySchema,
  DEFAULT_BACKUP_EXCLUDES,
  NO_RETENTION,
  type BackupRecord,
  type BackupSettings,
  type CausedBy,
} from '@hearth/protocol';
import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/** How many failed backups of an instance stay listed (the newest); older ones are forgotten. */
export const MAX_FAILED_BACKUP_ROWS = 10;

/** A backup row: the wire record plus the archive's file name inside the instance's backup folder. */
export interface StoredBackup extends BackupRecord {
  file_name: string;
}

interface BackupRow {
  id: string;
  instance_uuid: string;
  name: string | null;
  state: string;
  file_name: string;
  created_at: number;
  duration_ms: number | null;
  size_bytes: number;
  uncompressed_bytes: number;
  entries: number;
  skipped_entries: number;
  sha256: string | null;
  made_by: string;
  locked: number;
  live: number;
  safety: number;
  failure: string | null;
}

function fromRow(row: BackupRow): StoredBackup {
  const record = BackupRecordSchema.parse({
    ...row,
    made_by: CausedBySchema.parse(JSON.parse(row.made_by)),
    locked: row.locked !== 0,
    live: row.live !== 0,
    safety: row.safety !== 0,
  });
  return { ...record, file_name: row.file_name };
}

/**
 * `preparing`: verifying the archive and making the safety backup (the folder is not touched yet);
 * `extracting`: the backup is being extracted beside the folder; `swapping`: see restore-swap.ts.
 */
export type RestorePhase = 'preparing' | 'extracting' | 'swapping';

/** The journal of a restore in progress (see services/backups/restore-swap.ts). */
export interface RestoreJournal {
  instance_uuid: string;
  backup_id: string;
  instance_dir: string;
  staging_dir: string;
  old_dir: string;
  phase: RestorePhase;
  started_at: number;
  /** Who started it (null in journals written before issue 25). */
  caused_by: CausedBy | null;
}

interface JournalRow extends Omit<RestoreJournal, 'caused_by'> {
  caused_by: string | null;
}

/**
 * SQL for backup records, per-instance backup settings and the restore journal. What a request or
 * a restore waits for (a new backup's row, a rename or lock, settings, a deletion, the journal
 * before the folder is touched) waits out another process's lock (`DbWrites.now`, else 503); what
 * the core records as a job ends (Ready, Failed) and a journal's removal are background writes
 * (`DbWrites.later`) that never throw: a journal left a little longer is only read at the next boot.
 */
export class BackupRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  async insert(backup: StoredBackup): Promise<void> {
    await this.writes.now(() => this.insertNow(backup));
  }

  private insertNow(backup: StoredBackup): void {
    this.db
      .prepare(
        `INSERT INTO backups (id, instance_uuid, name, state, file_name, created_at, duration_ms,
           size_bytes, uncompressed_bytes, entries, skipped_entries, sha256, made_by, locked, live,
           safety, failure)
         VALUES (@id, @instance_uuid, @name, @state, @file_name, @created_at, @duration_ms,
           @size_bytes, @uncompressed_bytes, @entries, @skipped_entries, @sha256, @made_by, @locked,
           @live, @safety, @failure)`,
      )
      .run({
        ...backup,
        made_by: JSON.stringify(backup.made_by),
        locked: backup.locked ? 1 : 0,
        live: backup.live ? 1 : 0,
        safety: backup.safety ? 1 : 0,
      });
  }

  /** Marks a backup Ready with what the archive turned out to be. */
  complete(
    id: string,
    done: Pick<
      BackupRecord,
      | 'duration_ms'
      | 'size_bytes'
      | 'uncompressed_bytes'
      | 'entries'
      | 'skipped_entries'
      | 'sha256'
      | 'live'
    >,
  ): void {
    this.writes.later('backup record', () => this.completeNow(id, done), `backup ${id}`);
  }

  private completeNow(id: string, done: Parameters<BackupRepository['complete']>[1]): void {
    this.db
      .prepare(
        `UPDATE backups SET state = 'Ready', duration_ms = @duration_ms, size_bytes = @size_bytes,
           uncompressed_bytes = @uncompressed_bytes, entries = @entries,
           skipped_entries = @skipped_entries, sha256 = @sha256, live = @live WHERE id = @id`,
      )
      .run({ ...done, live: done.live ? 1 : 0, id });
  }

  /**
   * Marks a backup failed, and forgets the instance's failed rows beyond the newest
   * MAX_FAILED_BACKUP_ROWS (a schedule failing every hour would otherwise grow the list forever;
   * a failed row has no archive, so nothing but its message goes).
   */
  fail(id: string, failure: string, durationMs: number | null): void {
    this.writes.later('backup record', () => this.failNow(id, failure, durationMs), `backup ${id}`);
  }

  private failNow(id: string, failure: string, durationMs: number | null): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `UPDATE backups SET state = 'Failed', failure = ?, duration_ms = ?, size_bytes = 0,
             sha256 = NULL WHERE id = ?`,
        )
        .run(failure, durationMs, id);
      this.db
        .prepare(
          `DELETE FROM backups WHERE state = 'Failed'
             AND instance_uuid = (SELECT instance_uuid FROM backups WHERE id = @id)
             AND id NOT IN (
               SELECT id FROM backups WHERE state = 'Failed'
                 AND instance_uuid = (SELECT instance_uuid FROM backups WHERE id = @id)
                 ORDER BY created_at DESC, id DESC LIMIT @keep)`,
        )
        .run({ id, keep: MAX_FAILED_BACKUP_ROWS });
    })();
  }

  get(id: string): StoredBackup | null {
    const row = this.db.prepare('SELECT * FROM backups WHERE id = ?').get(id) as
      BackupRow | undefined;
    return row ? fromRow(row) : null;
  }

  /** An instance's backups, newest first. */
  list(instanceUuid: string): StoredBackup[] {
    const rows = this.db
      .prepare('SELECT * FROM backups WHERE instance_uuid = ? ORDER BY created_at DESC, id DESC')
      .all(instanceUuid) as BackupRow[];
    return rows.map(fromRow);
  }

  /** Backups left in state Creating (their core died while writing them). */
  unfinished(): StoredBackup[] {
    const rows = this.db
      .prepare("SELECT * FROM backups WHERE state = 'Creating'")
      .all() as BackupRow[];
    return rows.map(fromRow);
  }

  async update(id: string, patch: { name?: string | null; locked?: boolean }): Promise<void> {
    await this.writes.now(() =>
      this.db.transaction(() => {
        if (patch.name !== undefined)
          this.db.prepare('UPDATE backups SET name = ? WHERE id = ?').run(patch.name, id);
        if (patch.locked !== undefined)
          this.db
            .prepare('UPDATE backups SET locked = ? WHERE id = ?')
            .run(patch.locked ? 1 : 0, id);
      })(),
    );
  }

  async delete(id: string): Promise<void> {
    await this.writes.now(() => this.db.prepare('DELETE FROM backups WHERE id = ?').run(id));
  }

  settings(instanceUuid: string): BackupSettings {
    const row = this.db
      .prepare('SELECT * FROM backup_settings WHERE instance_uuid = ?')
      .get(instanceUuid) as
      | {
          excludes: string;
          keep_last: number | null;
          max_age_days: number | null;
          max_total_gib: number | null;
        }
      | undefined;
    if (!row) return { excludes: DEFAULT_BACKUP_EXCLUDES, retention: { ...NO_RETENTION } };
    return {
      excludes: row.excludes,
      retention: {
        keep_last: row.keep_last,
        max_age_days: row.max_age_days,
        max_total_gib: row.max_total_gib,
      },
    };
  }

  async saveSettings(instanceUuid: string, settings: BackupSettings): Promise<void> {
    await this.writes.now(() => this.saveSettingsNow(instanceUuid, settings));
  }

  private saveSettingsNow(instanceUuid: string, settings: BackupSettings): void {
    this.db
      .prepare(
        `INSERT INTO backup_settings (instance_uuid, excludes, keep_last, max_age_days, max_total_gib)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(instance_uuid) DO UPDATE SET excludes = excluded.excludes,
           keep_last = excluded.keep_last, max_age_days = excluded.max_age_days,
           max_total_gib = excluded.max_total_gib`,
      )
      .run(
        instanceUuid,
        settings.excludes,
        settings.retention.keep_last,
        settings.retention.max_age_days,
        settings.retention.max_total_gib,
      );
  }

  /** Forgets an instance's settings (its backup rows are removed one by one with their files). */
  async forgetSettings(instanceUuid: string): Promise<void> {
    await this.writes.now(() =>
      this.db.prepare('DELETE FROM backup_settings WHERE instance_uuid = ?').run(instanceUuid),
    );
  }

  /** Written before a restore touches anything, so a crash after it is found at the next boot. */
  async saveJournal(journal: RestoreJournal): Promise<void> {
    await this.writes.now(() => this.saveJournalNow(journal));
  }

  private saveJournalNow(journal: RestoreJournal): void {
    this.db
      .prepare(
        `INSERT INTO backup_restores (instance_uuid, backup_id, instance_dir, staging_dir, old_dir,
           phase, started_at, caused_by)
         VALUES (@instance_uuid, @backup_id, @instance_dir, @staging_dir, @old_dir, @phase,
           @started_at, @caused_by)
         ON CONFLICT(instance_uuid) DO UPDATE SET backup_id = excluded.backup_id,
           instance_dir = excluded.instance_dir, staging_dir = excluded.staging_dir,
           old_dir = excluded.old_dir, phase = excluded.phase, started_at = excluded.started_at,
           caused_by = excluded.caused_by`,
      )
      .run({
        ...journal,
        caused_by: journal.caused_by === null ? null : JSON.stringify(journal.caused_by),
      });
  }

  journals(): RestoreJournal[] {
    const rows = this.db.prepare('SELECT * FROM backup_restores').all() as JournalRow[];
    return rows.map((row) => ({
      ...row,
      caused_by: row.caused_by === null ? null : CausedBySchema.parse(JSON.parse(row.caused_by)),
    }));
  }

  /** A background write: a request's next write (a new journal among them) goes in after it. */
  clearJournal(instanceUuid: string): void {
    this.writes.later(
      'restore journal',
      () =>
        this.db.prepare('DELETE FROM backup_restores WHERE instance_uuid = ?').run(instanceUuid),
      `restore journal ${instanceUuid}`,
    );
  }
}
