// Same public names as lodestone-macro-lib's prelude.ts, over Hearth's task context.
import { task } from '../task-context.ts';

export type TaskPID = number;

export function getCurrentTaskPid(): TaskPID {
  return task().pid;
}

export function getCurrentInstanceUUID(): string | null {
  return task().instanceUuid;
}

/** The core's version (Hearth speaks Lodestone core 0.5's API). */
export function lodestoneVersion(): string {
  return task().version;
}
