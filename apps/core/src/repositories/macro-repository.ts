import type { ExitStatus, HistoryEntry, MacroOutput } from '@hearth/protocol';
import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

export interface TaskRow {
  pid: number;
  instanceUuid: string;
  name: string;
  creationTime: number;
  startedBy: string | null;
  osPid: number | null;
  osStartTicks: string | null;
}

interface Row {
  pid: number;
  instance_uuid: string;
  name: string;
  creation_time: number;
  started_by: string | null;
  os_pid: number | null;
  os_start_ticks: string | null;
  exit_type: string | null;
  exit_time: number | null;
  error_msg: string | null;
  output: string | null;
  output_truncated: number;
}

/** A stored output as the API answers it (a column from before it existed reads as none). */
function outputOf(row: Pick<Row, 'output' | 'output_truncated'>): MacroOutput {
  let lines: string[] = [];
  try {
    const parsed: unknown = row.output === null ? [] : JSON.parse(row.output);
    if (Array.isArray(parsed)) lines = parsed.filter((l): l is string => typeof l === 'string');
  } catch {
    lines = [];
  }
  return { lines, truncated: row.output_truncated === 1 };
}

function exitOf(row: Row): ExitStatus {
  const time = row.exit_time ?? 0;
  if (row.exit_type === 'Success') return { type: 'Success', time };
  if (row.exit_type === 'Killed') return { type: 'Killed', time };
  return { type: 'Error', time, error_msg: row.error_msg ?? '' };
}

/**
 * SQL for macro tasks and last runs; nothing else. Every write is a background write
 * (`DbWrites.later`): a task starts and ends whether or not the database takes its record at that
 * moment, and the record (which names the task's process, for a core that dies meanwhile) goes in
 * once the database takes writes again.
 */
export class MacroRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  /** The next task pid: one above every pid ever used, so history entries never share one. */
  nextPid(): number {
    const row = this.db.prepare('SELECT MAX(pid) AS max FROM macro_tasks').get() as {
      max: number | null;
    };
    return (row.max ?? 0) + 1;
  }

  insertRunning(task: TaskRow): void {
    this.writes.later('macro task record', () =>
      this.db
        .prepare(
          `INSERT INTO macro_tasks (pid, instance_uuid, name, creation_time, started_by, os_pid, os_start_ticks)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          task.pid,
          task.instanceUuid,
          task.name,
          task.creationTime,
          task.startedBy,
          task.osPid,
          task.osStartTicks,
        ),
    );
  }

  /** The task's exit and, when it ran, what it printed (kept with its history entry). */
  finish(pid: number, exit: ExitStatus, output: MacroOutput | null = null): void {
    this.writes.later('macro task record', () =>
      this.db
        .prepare(
          `UPDATE macro_tasks SET exit_type = ?, exit_time = ?, error_msg = ?, output = ?,
             output_truncated = ? WHERE pid = ?`,
        )
        .run(
          exit.type,
          exit.time,
          exit.type === 'Error' ? exit.error_msg : null,
          output === null ? null : JSON.stringify(output.lines),
          output?.truncated === true ? 1 : 0,
          pid,
        ),
    );
  }

  /** A finished task's exit and output; null for an unknown pid, another instance's, or a running one. */
  finished(instanceUuid: string, pid: number): { exit: ExitStatus; output: MacroOutput } | null {
    const row = this.db
      .prepare(
        'SELECT * FROM macro_tasks WHERE pid = ? AND instance_uuid = ? AND exit_type IS NOT NULL',
      )
      .get(pid, instanceUuid) as Row | undefined;
    return row ? { exit: exitOf(row), output: outputOf(row) } : null;
  }

  /** Tasks recorded as running (at boot: those of a core that stopped without ending them). */
  unfinished(): TaskRow[] {
    const rows = this.db
      .prepare('SELECT * FROM macro_tasks WHERE exit_type IS NULL ORDER BY pid')
      .all() as Row[];
    return rows.map((r) => ({
      pid: r.pid,
      instanceUuid: r.instance_uuid,
      name: r.name,
      creationTime: r.creation_time,
      startedBy: r.started_by,
      osPid: r.os_pid,
      osStartTicks: r.os_start_ticks,
    }));
  }

  /** Finished tasks of an instance, newest exit first. */
  history(instanceUuid: string, limit: number): HistoryEntry[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM macro_tasks WHERE instance_uuid = ? AND exit_type IS NOT NULL
         ORDER BY exit_time DESC, pid DESC LIMIT ?`,
      )
      .all(instanceUuid, limit) as Row[];
    return rows.map((r) => ({
      task: { name: r.name, creation_time: r.creation_time, pid: r.pid },
      exit_status: exitOf(r),
    }));
  }

  /** Keeps the newest `keep` finished tasks of an instance. */
  prune(instanceUuid: string, keep: number): void {
    this.writes.later(
      'macro task history',
      () =>
        this.db
          .prepare(
            `DELETE FROM macro_tasks WHERE instance_uuid = ? AND exit_type IS NOT NULL AND pid NOT IN
               (SELECT pid FROM macro_tasks WHERE instance_uuid = ? AND exit_type IS NOT NULL
                ORDER BY exit_time DESC, pid DESC LIMIT ?)`,
          )
          .run(instanceUuid, instanceUuid, keep),
      `macro prune ${instanceUuid}`,
    );
  }

  setLastRun(instanceUuid: string, name: string, time: number): void {
    this.writes.later(
      'macro last run',
      () =>
        this.db
          .prepare(
            `INSERT INTO macro_last_run (instance_uuid, name, last_run) VALUES (?, ?, ?)
             ON CONFLICT (instance_uuid, name) DO UPDATE SET last_run = excluded.last_run`,
          )
          .run(instanceUuid, name, time),
      `macro last run ${instanceUuid} ${name}`,
    );
  }

  lastRuns(instanceUuid: string): Map<string, number> {
    const rows = this.db
      .prepare('SELECT name, last_run FROM macro_last_run WHERE instance_uuid = ?')
      .all(instanceUuid) as { name: string; last_run: number }[];
    return new Map(rows.map((r) => [r.name, r.last_run]));
  }

  /** The instance was deleted: its tasks' history and last runs go with it. */
  forgetInstance(instanceUuid: string): void {
    this.writes.later('macro history of a deleted instance', () =>
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM macro_tasks WHERE instance_uuid = ?').run(instanceUuid);
        this.db.prepare('DELETE FROM macro_last_run WHERE instance_uuid = ?').run(instanceUuid);
      })(),
    );
  }
}
