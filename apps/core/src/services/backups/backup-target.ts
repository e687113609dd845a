import type { ClientEvent } from '@hearth/protocol';

/**
 * How a game makes its files consistent for a backup while it runs: commands that stop its own
 * saving, a command that flushes everything, the console line that says the flush is done, and the
 * commands that turn saving back on (always sent, even when the archive fails).
 */
export interface SaveHooks {
  disable: readonly string[];
  flush: string;
  savedLine: RegExp;
  enable: readonly string[];
  /** How long to wait for `savedLine` before archiving anyway (the backup is then marked live). */
  timeoutMs: number;
}

/**
 * Vanilla, Paper, Fabric and Forge answer `save-all flush` with "Saved the game" (older servers:
 * "Saved the world", Bukkit: "Save complete."; 1.20+ may add "All dimensions are saved"). The
 * line must follow the logger's `]: ` directly and end the line, so a player chatting
 * "<Steve> Saved the game" does not count.
 */
export const MINECRAFT_SAVE_HOOKS: SaveHooks = {
  disable: ['save-off'],
  flush: 'save-all flush',
  savedLine: /\]: (?:Saved the (?:game|world)|All dimensions are saved|Save complete\.?)\s*$/,
  enable: ['save-on'],
  timeoutMs: 60_000,
};

/** The instance as the backup service sees it (wired by the lead to the instance service). */
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
  subscribe(listener: (event: ClientEvent) => void): () => void;
}

/** `waitForLine` over the event bus: each InstanceOutput line of the instance is tested. */
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
    const unsubscribe = events.subscribe((event) => {
      const inner = event.event_inner;
      if (
        inner.type === 'InstanceEvent' &&
        inner.instance_uuid === instanceUuid &&
        inner.instance_event_inner.type === 'InstanceOutput' &&
        re.test(inner.instance_event_inner.message)
      )
        finish(true);
    });
    const timer = setTimeout(() => finish(false), timeoutMs);
    timer.unref();
  });
}
