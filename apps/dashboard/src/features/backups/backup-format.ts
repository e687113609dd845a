import { causeName, type BackupRecord, type CausedBy } from '@hearth/protocol';

// How the Backups tab words a backup record.

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(ms: number): string {
  return DATE_TIME.format(new Date(ms));
}

/**
 * Who made a backup: a user's name (or their macro task, named like the event log names it), or
 * what acted for nobody in particular.
 */
export function madeByText(cause: CausedBy): string {
  switch (cause.type) {
    case 'User':
    case 'Macro':
      return causeName(cause);
    case 'Instance':
      return 'The instance';
    case 'System':
      return 'Hearth';
    case 'Unknown':
      return 'Unknown';
  }
}

/** The name shown for a backup (unnamed ones by their time). */
export function backupLabel(backup: Pick<BackupRecord, 'name' | 'created_at'>): string {
  return backup.name ?? `Backup of ${formatDateTime(backup.created_at)}`;
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
  if (!Number.isFinite(value)) return 'Must be a number';
  if (value <= 0) return 'Must be more than 0';
  if (integer && !Number.isInteger(value)) return 'Must be a whole number';
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
