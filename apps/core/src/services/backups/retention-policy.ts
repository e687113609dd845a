import { GIB, type BackupRetention } from '@hearth/protocol';

export interface RetentionCandidate {
  id: string;
  created_at: number;
  size_bytes: number;
  locked: boolean;
  /** A restore's safety backup: the user was promised it is kept until they delete it. */
  safety: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The backups a retention policy removes, oldest first. Locked backups and a restore's safety
 * backups are exempt: never removed and not counted toward "last N" or the size budget (the restore
 * dialog promises the replaced files are kept; only the user deletes them). Among the others,
 * newest first, a backup is kept only while it satisfies every limit that is set: among the newest
 * `keep_last`, younger than `max_age_days`, and the running total of sizes within
 * `max_total_gib`. The newest of them is always kept (a policy never leaves an instance with no
 * backup of its own making).
 */
export function retentionVictims(
  backups: readonly RetentionCandidate[],
  policy: BackupRetention,
  now: number,
): string[] {
  const unlocked = backups
    .filter((b) => !b.locked && !b.safety)
    .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1));
  const maxBytes = policy.max_total_gib === null ? null : policy.max_total_gib * GIB;
  const victims: RetentionCandidate[] = [];
  let total = 0;
  unlocked.forEach((backup, index) => {
    total += backup.size_bytes;
    if (index === 0) return;
    const tooMany = policy.keep_last !== null && index >= policy.keep_last;
    const tooOld =
      policy.max_age_days !== null && now - backup.created_at > policy.max_age_days * DAY_MS;
    const tooBig = maxBytes !== null && total > maxBytes;
    if (tooMany || tooOld || tooBig) victims.push(backup);
  });
  return victims.reverse().map((b) => b.id);
}
