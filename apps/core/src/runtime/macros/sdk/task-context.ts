/** What the core tells a task before its module runs (read from stdin by the bootstrap). */
export interface TaskInit {
  /** Base URL of the core's API over loopback, e.g. http://127.0.0.1:16662/api/v1 */
  api: string;
  /** The per-task token: the permissions of the user who started the task, until it ends. */
  token: string;
  pid: number;
  instanceUuid: string;
  macroName: string;
  /** Core version, for lodestoneVersion(). */
  version: string;
  /** file: URL of the macro's entry module. */
  main: string;
  /** The injected config (`declare const <variable>: LodestoneConfig;`), or null. */
  config: { variable: string; values: Record<string, unknown> } | null;
}

let current: TaskInit | null = null;

export function setTask(init: TaskInit): void {
  if (current !== null) throw new Error('The task is already initialised');
  current = init;
}

export function task(): TaskInit {
  if (current === null) throw new Error('Not running as a Hearth macro task');
  return current;
}

/** The bootstrap's first stdout line: the macro's module is about to run (MacroEvent Started). */
export const STARTED_MARKER = 'hearth-macro:started';
