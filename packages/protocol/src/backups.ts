import { z } from 'zod/mini';
import { CausedBySchema } from './events.ts';
import { hasControlCharacter } from './text.ts';

// Hearth's backups (issue 13; not in the reference). Times are unix milliseconds.

/** The `failure` of a backup the core stopped (or was killed) in the middle of. */
export const BACKUP_INTERRUPTED = 'Interrupted: the core stopped during the backup';

/** Longest backup name, in characters. */
export const BACKUP_NAME_MAX = 100;
/** Largest exclude list, in characters (gitignore syntax). */
export const BACKUP_EXCLUDES_MAX = 16_384;
/** Largest "keep the last N" a retention may ask for. */
export const BACKUP_KEEP_LAST_MAX = 1000;

/**
 * Excluded from every backup whatever the settings say: Hearth's temporary files (half-written
 * uploads and extractions) and the pid file of a running server (meaningless after a restore).
 */
export const BACKUP_ALWAYS_EXCLUDED: readonly string[] = ['.hearth-tmp-*', '/.hearth_pid.json'];

/**
 * The exclude list a new instance starts with: nothing of the game's is left out. Logs, caches and
 * crash reports are the user's choice; the commented lines show how to leave them out.
 */
export const DEFAULT_BACKUP_EXCLUDES = [
  '# One pattern per line, as in .gitignore. Lines starting with # are comments.',
  '# Examples:',
  '# logs/',
  '# crash-reports/',
  '# cache/',
  '# *.log.gz',
  '',
].join('\n');

/**
 * What is wrong with a backup name, or null: the same rules as BackupNameSchema (whose English
 * the core answers with), as a code the dashboard words in the reader's language.
 */
export type BackupNameProblem = 'empty' | 'too_long' | 'control_character';

/** The English of each problem (BackupNameSchema's messages, the core's wire texts). */
export const BACKUP_NAME_PROBLEMS: Record<BackupNameProblem, string> = {
  empty: 'Backup name cannot be empty',
  too_long: `Backup name cannot be longer than ${BACKUP_NAME_MAX} characters`,
  control_character: 'Backup name cannot contain control characters',
};

/** The code of one of BackupNameSchema's messages, or null for any other text. */
export function backupNameProblemOf(message: string): BackupNameProblem | null {
  const found = Object.entries(BACKUP_NAME_PROBLEMS).find(([, text]) => text === message);
  return found ? (found[0] as BackupNameProblem) : null;
}

export function backupNameProblem(raw: string): BackupNameProblem | null {
  const name = raw.trim();
  if (name.length === 0) return 'empty';
  if (name.length > BACKUP_NAME_MAX) return 'too_long';
  if (hasControlCharacter(name)) return 'control_character';
  return null;
}

export const BackupNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, BACKUP_NAME_PROBLEMS.empty),
  z.maxLength(BACKUP_NAME_MAX, BACKUP_NAME_PROBLEMS.too_long),
  z.refine((s) => !hasControlCharacter(s), BACKUP_NAME_PROBLEMS.control_character),
);

/**
 * `Failed`: the backup did not finish (a full disk, the core stopped during it, …). The row stays,
 * with its `failure`, until the user dismisses it (DELETE); it has no archive.
 */
export const BackupStateSchema = z.enum(['Creating', 'Ready', 'Failed']);
export type BackupState = z.infer<typeof BackupStateSchema>;

export const BackupRecordSchema = z.object({
  id: z.string(),
  instance_uuid: z.string(),
  name: z.nullable(z.string()),
  state: BackupStateSchema,
  created_at: z.number(),
  /** Null while Creating. */
  duration_ms: z.nullable(z.number()),
  /** Size of the archive file (compressed). */
  size_bytes: z.number(),
  /** Sum of the file sizes stored. */
  uncompressed_bytes: z.number(),
  /** Files and directories stored. */
  entries: z.number(),
  /** Links, sockets, devices and files that vanished during the walk: not stored. */
  skipped_entries: z.number(),
  /** Hex sha256 of the archive file; null while Creating. */
  sha256: z.nullable(z.string()),
  made_by: CausedBySchema,
  locked: z.boolean(),
  /** Taken while the server ran without a confirmed save (the game declared no save hooks, or its save line never came). */
  live: z.boolean(),
  /** Made automatically by a restore, holding the tree the restore replaced. */
  safety: z.boolean(),
  /**
   * Why a `Failed` backup failed, in words ("No space left on device"); null otherwise. Missing
   * from cores before issue 25, hence the default.
   */
  failure: z._default(z.nullable(z.string()), null),
});
export type BackupRecord = z.infer<typeof BackupRecordSchema>;

/** Each limit is optional; a backup is pruned when any limit set excludes it (locked ones never). */
export const BackupRetentionSchema = z.object({
  keep_last: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(BACKUP_KEEP_LAST_MAX))),
  max_age_days: z.nullable(z.number().check(z.positive(), z.lte(36_500))),
  max_total_gib: z.nullable(z.number().check(z.positive(), z.lte(1_048_576))),
});
export type BackupRetention = z.infer<typeof BackupRetentionSchema>;

export const NO_RETENTION: BackupRetention = {
  keep_last: null,
  max_age_days: null,
  max_total_gib: null,
};

export const BackupSettingsSchema = z.object({
  /** gitignore syntax, matched against paths relative to the instance folder. */
  excludes: z
    .string()
    .check(
      z.maxLength(
        BACKUP_EXCLUDES_MAX,
        `Exclude list cannot be longer than ${BACKUP_EXCLUDES_MAX} characters`,
      ),
    ),
  retention: BackupRetentionSchema,
});
export type BackupSettings = z.infer<typeof BackupSettingsSchema>;

export const BackupSettingsPatchSchema = z.partial(BackupSettingsSchema);
export type BackupSettingsPatch = z.infer<typeof BackupSettingsPatchSchema>;

export const CreateBackupBodySchema = z.object({
  name: z.optional(z.nullable(BackupNameSchema)),
  locked: z.optional(z.boolean()),
});
export type CreateBackupBody = z.infer<typeof CreateBackupBodySchema>;

export const UpdateBackupBodySchema = z.object({
  name: z.optional(z.nullable(BackupNameSchema)),
  locked: z.optional(z.boolean()),
});
export type UpdateBackupBody = z.infer<typeof UpdateBackupBodySchema>;

/**
 * `POST …/backups/:backup/restore`. The instance must be stopped; with `stop_first` a running one
 * is stopped gracefully first (the caller needs the stop permission either way).
 */
export const RestoreBackupBodySchema = z.object({ stop_first: z._default(z.boolean(), false) });
export type RestoreBackupBody = z.input<typeof RestoreBackupBodySchema>;

/**
 * Progression titles of backup work. The wire keeps the reference's progression variants (a new
 * one would break clients that parse them strictly), so the dashboard recognises backup work by
 * its title and refreshes the list when it ends.
 */
export function backupProgressionTitle(kind: 'backup' | 'safety', instanceName: string): string {
  return `${kind === 'backup' ? 'Backing up' : 'Safety backup of'} ${instanceName}`;
}

export function restoreProgressionTitle(label: string, instanceName: string): string {
  return `Restoring ${label} of ${instanceName}`;
}

/** True for the title of a backup, safety backup or restore of `instanceName`. */
export function isBackupProgressionOf(title: string, instanceName: string): boolean {
  return (
    title === backupProgressionTitle('backup', instanceName) ||
    title === backupProgressionTitle('safety', instanceName) ||
    (title.startsWith('Restoring ') && title.endsWith(` of ${instanceName}`))
  );
}

/**
 * What a backup progression title of `instanceName` is about, for the dashboard to word it in
 * the reader's language (the wire title stays English): a backup, a safety backup, or a restore
 * of the backup `label`; null for any other title.
 */
export type BackupProgressionKind =
  { kind: 'backup' | 'safety' } | { kind: 'restore'; label: string };

export function backupProgressionKind(
  title: string,
  instanceName: string,
): BackupProgressionKind | null {
  if (title === backupProgressionTitle('backup', instanceName)) return { kind: 'backup' };
  if (title === backupProgressionTitle('safety', instanceName)) return { kind: 'safety' };
  const prefix = 'Restoring ';
  const suffix = ` of ${instanceName}`;
  if (
    title.startsWith(prefix) &&
    title.endsWith(suffix) &&
    title.length > prefix.length + suffix.length
  )
    return { kind: 'restore', label: title.slice(prefix.length, title.length - suffix.length) };
  return null;
}
