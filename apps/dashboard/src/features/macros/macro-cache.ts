import type { ExitStatus, HistoryEntry, MacroEntry, TaskEntry } from '@hearth/protocol';

// How the macro tables change without a refetch (dashboard.md §4 "Macro"): a run sets last_run
// to now; a task that ends leaves Running Tasks and goes on top of History.

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function withLastRun(macros: MacroEntry[], name: string, time: number): MacroEntry[] {
  return macros.map((macro) => (macro.name === name ? { ...macro, last_run: time } : macro));
}

export function withoutTask(tasks: TaskEntry[], pid: number): TaskEntry[] {
  return tasks.filter((task) => task.pid !== pid);
}

/** The finished task on top; a task already listed (a kill, then its Stopped event) moves there. */
export function withFinished(
  history: HistoryEntry[],
  task: TaskEntry,
  exit: ExitStatus,
): HistoryEntry[] {
  return [{ task, exit_status: exit }, ...history.filter((entry) => entry.task.pid !== task.pid)];
}
