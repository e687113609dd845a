import type { CausedBy, PowerAction, ScheduleStep } from '@hearth/protocol';

/** What a backup step made: the run's history names it as the Backups tab does. */
export interface MadeBackup {
  id: string;
  name: string | null;
  /** Unix ms. */
  created_at: number;
}

/**
 * What a schedule's steps act through. The lead wires these to the instance service, the backup
 * service and the macro service. Each call acts as `causedBy` (the schedule's author, as returned
 * by the authorizer); a rejection (a CoreError ideally) fails the step with its message.
 */
export interface ScheduleExecutors {
  /** A server process is live (Starting or Running): for "only when running". */
  isRunning(instanceUuid: string): boolean;
  sendCommand(instanceUuid: string, command: string, causedBy: CausedBy): Promise<void> | void;
  /** Resolves once the action took effect: start → Running, stop/kill → Stopped, restart → Running. */
  power(instanceUuid: string, action: PowerAction, causedBy: CausedBy): Promise<void>;
  /** Resolves with the backup once it is Ready (BackupService.create(...).done). */
  backup(
    instanceUuid: string,
    options: { name: string | null; locked: boolean },
    causedBy: CausedBy,
  ): Promise<MadeBackup>;
  /**
   * Resolves when the macro ends successfully; rejects with its error otherwise. The task acts as
   * `causedBy`, bounded by every one of `actors` (the author, who pressed Run now).
   */
  macro(
    instanceUuid: string,
    name: string,
    args: string[],
    causedBy: CausedBy,
    actors: readonly string[],
  ): Promise<void>;
}

export type AuthorizeResult =
  { allowed: true; causedBy: CausedBy } | { allowed: false; reason: string };

/**
 * Checked before every step, at run time, for the schedule's author (and for the user who pressed
 * "Run now"), and for the editor when a schedule is saved: whether `uid` may still do what `step`
 * does on the instance, and as whom it acts.
 * A deleted or demoted author gets `{ allowed: false, reason }` and the step fails with it.
 * Wait steps are never checked.
 */
export type ScheduleAuthorizer = (
  uid: string,
  instanceUuid: string,
  step: Exclude<ScheduleStep, { type: 'Wait' }>,
) => AuthorizeResult;
