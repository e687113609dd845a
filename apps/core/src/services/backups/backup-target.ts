import { stripAnsi } from '@hearth/protocol';
import type { CausedBy, ClientEvent } from '@hearth/protocol';
import type { SaveHooks } from '../../runtime/handlers/game-handler.ts';

export type { SaveHooks } from '../../runtime/handlers/game-handler.ts';
export { MINECRAFT_SAVE_HOOKS } from '../../runtime/minecraft/save-hooks.ts';

/** The instance as the backup service sees it (`instanceBackupTargets` wires it to InstanceService). */
export interface BackupTarget {
  uuid: string;
  /** Shown in progression messages and download names. */
  name: string;
  /** The instance folder (absolute). */
  dir: string;
  /** A server process is live (Starting, Running or Stopping). */
  isRunning(): boolean;
  /** Writes one console line to the server; throws when it is not running. */
  sendCommand(command: string): void;
  /** Stops the server gracefully; resolves once it has exited (stop-then-restore). */
  stop(causedBy: CausedBy): Promise<void>;
  /**
   * Resolves true when a console line matching `re` arrives within `timeoutMs`, false otherwise.
   * Listening starts when this is called (before the command that provokes the line is sent).
   */
  waitForLine(re: RegExp, timeoutMs: number): Promise<boolean>;
  /** The game's save hooks, or null (a running backup is then recorded as taken live). */
  saveHooks: SaveHooks | null;
  /**
   * Marks the instance busy so that it cannot be started (restore); returns the release function.
   * Throws a CoreError when the instance is already busy with something else.
   */
  hold(reason: string): () => void;
}

/** Finds the target of an instance; throws the NotFound CoreError for an unknown uuid. */
export interface BackupTargets {
  get(instanceUuid: string): BackupTarget;
}

export interface ConsoleEventSource {
  /** Console output of one instance (the event bus's per-instance console subscription). */
  subscribeConsole(instance: string, listener: (event: ClientEvent) => void): () => void;
}

/**
 * `waitForLine` over the event bus: each InstanceOutput line of the instance is tested, ANSI codes
 * and the line terminator stripped.
 */
export function waitForConsoleLine(
  events: ConsoleEventSource,
  instanceUuid: string,
  re: RegExp,
  timeoutMs: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (found: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(found);
    };
    const unsubscribe = events.subscribeConsole(instanceUuid, (event) => {
      const inner = event.event_inner;
      if (
        inner.type === 'InstanceEvent' &&
        inner.instance_uuid === instanceUuid &&
        inner.instance_event_inner.type === 'InstanceOutput' &&
        re.test(stripAnsi(inner.instance_event_inner.message).replace(/\r?\n$/, ''))
      )
        finish(true);
    });
    const timer = setTimeout(() => finish(false), timeoutMs);
    timer.unref();
  });
}
