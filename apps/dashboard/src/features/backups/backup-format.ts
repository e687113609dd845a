import { t } from '@lingui/core/macro';
import type {
  BackupNameProblem,
  BackupProgressionKind,
  BackupRecord,
  CausedBy,
} from '@hearth/protocol';
import { formatDate } from '@/lib/i18n/format.ts';

// How the Backups tab words a backup record, in the active language.

export function formatDateTime(ms: number): string {
  return formatDate(ms);
}

/**
 * Who made a backup: a user's name (or their macro task, named like the event log names it), or
 * what acted for nobody in particular.
 */
export function madeByText(cause: CausedBy): string {
  switch (cause.type) {
    case 'User': {
      const user = cause.user_name;
      const key = cause.api_key_name;
      const macro = cause.macro_name;
      if (key === undefined)
        return macro === undefined ? user : t`macro ${macro} started by ${user}`;
      return macro === undefined
        ? t`${user} via API key ${key}`
        : t`macro ${macro} started by ${user} via API key ${key}`;
    }
    case 'Macro': {
      const pid = cause.macro_pid;
      const macro = cause.macro_name;
      const user = cause.user_name;
      if (macro === undefined) return t`Macro ${pid}`;
      return user === undefined ? t`macro ${macro}` : t`macro ${macro} started by ${user}`;
    }
    case 'Instance':
      return t`The instance`;
    case 'System':
      return 'Hearth';
    case 'Unknown':
      return t`Unknown`;
  }
}

/** The name shown for a backup (unnamed ones by their time). */
export function backupLabel(backup: Pick<BackupRecord, 'name' | 'created_at'>): string {
  if (backup.name !== null) return backup.name;
  const date = formatDateTime(backup.created_at);
  return t`Backup of ${date}`;
}

/** A backup name's problem in words (protocol's backupNameProblem gives the code). */
export function backupNameProblemText(problem: BackupNameProblem, max: number): string {
  switch (problem) {
    case 'empty':
      return t`Backup name cannot be empty`;
    case 'too_long':
      return t`Backup name cannot be longer than ${max} characters`;
    case 'control_character':
      return t`Backup name cannot contain control characters`;
  }
}

/** A backup progression's title in the active language (the core sends it in English). */
export function backupWorkTitle(kind: BackupProgressionKind, instanceName: string): string {
  switch (kind.kind) {
    case 'backup':
      return t`Backing up ${instanceName}`;
    case 'safety':
      return t`Safety backup of ${instanceName}`;
    case 'restore': {
      const label = kind.label;
      return t`Restoring ${label} of ${instanceName}`;
    }
  }
}

export interface RetentionForm {
  keepLast: string;
  maxAgeDays: string;
  maxTotalGib: string;
}

export type RetentionErrors = Partial<Record<keyof RetentionForm, string>>;

function parseLimit(text: string, integer: boolean): number | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return t`Must be a number`;
  if (value <= 0) return t`Must be more than 0`;
  if (integer && !Number.isInteger(value)) return t`Must be a whole number`;
  return value;
}

/** The retention fields as the core wants them; an empty field is "no limit". */
export function parseRetention(form: RetentionForm):
  | {
      ok: true;
      value: {
        keep_last: number | null;
        max_age_days: number | null;
        max_total_gib: number | null;
      };
    }
  | { ok: false; errors: RetentionErrors } {
  const keepLast = parseLimit(form.keepLast, true);
  const maxAgeDays = parseLimit(form.maxAgeDays, false);
  const maxTotalGib = parseLimit(form.maxTotalGib, false);
  const errors: RetentionErrors = {};
  if (typeof keepLast === 'string') errors.keepLast = keepLast;
  if (typeof maxAgeDays === 'string') errors.maxAgeDays = maxAgeDays;
  if (typeof maxTotalGib === 'string') errors.maxTotalGib = maxTotalGib;
  if (
    typeof keepLast === 'string' ||
    typeof maxAgeDays === 'string' ||
    typeof maxTotalGib === 'string'
  )
    return { ok: false, errors };
  return {
    ok: true,
    value: { keep_last: keepLast, max_age_days: maxAgeDays, max_total_gib: maxTotalGib },
  };
}

export function retentionForm(retention: {
  keep_last: number | null;
  max_age_days: number | null;
  max_total_gib: number | null;
}): RetentionForm {
  return {
    keepLast: retention.keep_last === null ? '' : String(retention.keep_last),
    maxAgeDays: retention.max_age_days === null ? '' : String(retention.max_age_days),
    maxTotalGib: retention.max_total_gib === null ? '' : String(retention.max_total_gib),
  };
}
