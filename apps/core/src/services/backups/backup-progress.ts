import { formatBytes, type Activity, type CausedBy } from '@hearth/protocol';
import type { EventBus } from '../../events/event-bus.ts';
import { toCoreError } from '../../errors.ts';
import type { Progression } from '../instance-progression.ts';

/**
 * Turns byte counts into Progression updates without flooding the event bus: with a known total,
 * one update per whole percent of the span [from, to) of a 0–100 scale; without one, a message
 * every 64 MiB.
 */
export class PercentReporter {
  private sent = 0;
  private lastBytesMessage = 0;

  constructor(
    private readonly progression: Progression,
    private readonly label: string,
  ) {}

  /** Reports `done` of `total` bytes as a position in the span [from, to] percent. */
  bytes(done: number, total: number | null, from: number, to: number): void {
    if (total === null || total <= 0) {
      if (done - this.lastBytesMessage < 64 * 1024 * 1024) return;
      this.lastBytesMessage = done;
      this.progression.update(0, `${this.label}: ${formatBytes(done)}`);
      return;
    }
    const fraction = Math.min(1, done / total);
    this.to(from + (to - from) * fraction, `${this.label}: ${Math.floor(fraction * 100)}%`);
  }

  /** Moves to `percent` (0–100) if that is at least one whole percent further. */
  to(percent: number, message: string): void {
    const target = Math.floor(Math.min(100, percent));
    if (target <= this.sent) return;
    this.progression.update(target - this.sent, message);
    this.sent = target;
  }
}

/** An error's causes as one line, for progression messages and logs (never a stack trace). */
export function errorText(err: unknown): string {
  return toCoreError(err).causes.join(': ') || 'unknown error';
}

/**
 * Ends a backup or restore progression with the reference's `FSOperationCompleted` end value: it
 * names the instance (so everyone who may view it sees the end, not only who started it), clients
 * that know the reference's variants parse it, and the Files tab refreshes after a restore.
 */
export function endProgression(
  progression: Progression,
  /** Null for a restore's safety backup: the restore's own end reports the outcome. */
  instanceUuid: string | null,
  success: boolean,
  message: string,
): void {
  if (instanceUuid === null) return progression.end(success, message, null);
  progression.end(success, message, {
    type: 'FSOperationCompleted',
    instance_uuid: instanceUuid,
    success,
    message,
  });
}

type BackupAction = Extract<Activity, { type: 'BackupActivity' }>['action'];

/** One line in the event log (category backups; webhooks that chose backups are told). */
export function recordBackup(
  events: EventBus,
  causedBy: CausedBy,
  action: BackupAction,
  target: { uuid: string; name: string },
  backup: { id: string; name: string | null } | null,
  message: string,
): void {
  events.record(
    {
      type: 'BackupActivity',
      action,
      instance_uuid: target.uuid,
      instance_name: target.name,
      backup_id: backup?.id ?? null,
      backup_name: backup?.name ?? null,
      message,
    },
    causedBy,
  );
}
