import {
  SCHEDULE_RUNS_KEPT,
  ScheduleRunSchema,
  ScheduleStepSchema,
  ScheduleTriggerSchema,
  type ScheduleInput,
  type ScheduleRun,
} from '@hearth/protocol';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { DbWrites } from '../db/db-writes.ts';

/** A schedule as stored: the client's input plus who owns it and the due time of a time trigger. */
export interface StoredSchedule extends ScheduleInput {
  id: string;
  instance_uuid: string;
  author_uid: string;
  created_at: number;
  updated_at: number;
  next_run_at: number | null;
}

interface ScheduleRow {
  id: string;
  instance_uuid: string;
  author_uid: string;
  description: string;
  trigger: string;
  steps: string;
  enabled: number;
  only_when_running: number;
  continue_on_failure: number;
  created_at: number;
  updated_at: number;
  next_run_at: number | null;
}

interface RunRow {
  id: string;
  schedule_id: string;
  scheduled_for: number;
  started_at: number;
  finished_at: number | null;
  outcome: string;
  reason: string | null;
  cause: string;
  steps: string;
}

function fromRow(row: ScheduleRow): StoredSchedule {
  return {
    id: row.id,
    instance_uuid: row.instance_uuid,
    author_uid: row.author_uid,
    description: row.description,
    trigger: ScheduleTriggerSchema.parse(JSON.parse(row.trigger)),
    steps: z.array(ScheduleStepSchema).parse(JSON.parse(row.steps)),
    enabled: row.enabled !== 0,
    only_when_running: row.only_when_running !== 0,
    continue_on_failure: row.continue_on_failure !== 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
    next_run_at: row.next_run_at,
  };
}

function runFromRow(row: RunRow): ScheduleRun {
  return ScheduleRunSchema.parse({ ...row, steps: JSON.parse(row.steps) as unknown });
}

function toRow(s: StoredSchedule): ScheduleRow {
  return {
    ...s,
    trigger: JSON.stringify(s.trigger),
    steps: JSON.stringify(s.steps),
    enabled: s.enabled ? 1 : 0,
    only_when_running: s.only_when_running ? 1 : 0,
    continue_on_failure: s.continue_on_failure ? 1 : 0,
  };
}

/**
 * SQL for schedules and their run records (the newest SCHEDULE_RUNS_KEPT per schedule). A user's
 * change waits out another process's lock (`DbWrites.now`); what the scheduler records on its own
 * — due times, runs — is a background write (`DbWrites.later`): a run goes on, and is recorded,
 * whether or not the database takes the record at that moment.
 */
export class ScheduleRepository {
  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {}

  async save(schedule: StoredSchedule): Promise<void> {
    await this.writes.now(() => this.saveNow(schedule));
  }

  private saveNow(schedule: StoredSchedule): void {
    this.db
      .prepare(
        `INSERT INTO schedules (id, instance_uuid, author_uid, description, trigger, steps, enabled,
           only_when_running, continue_on_failure, created_at, updated_at, next_run_at)
         VALUES (@id, @instance_uuid, @author_uid, @description, @trigger, @steps, @enabled,
           @only_when_running, @continue_on_failure, @created_at, @updated_at, @next_run_at)
         ON CONFLICT(id) DO UPDATE SET author_uid = excluded.author_uid,
           description = excluded.description, trigger = excluded.trigger, steps = excluded.steps,
           enabled = excluded.enabled, only_when_running = excluded.only_when_running,
           continue_on_failure = excluded.continue_on_failure, updated_at = excluded.updated_at,
           next_run_at = excluded.next_run_at`,
      )
      .run(toRow(schedule));
  }

  get(id: string): StoredSchedule | null {
    const row = this.db.prepare('SELECT * FROM schedules WHERE id = ?').get(id) as
      ScheduleRow | undefined;
    return row ? fromRow(row) : null;
  }

  list(instanceUuid: string): StoredSchedule[] {
    const rows = this.db
      .prepare('SELECT * FROM schedules WHERE instance_uuid = ? ORDER BY created_at, id')
      .all(instanceUuid) as ScheduleRow[];
    return rows.map(fromRow);
  }

  all(): StoredSchedule[] {
    const rows = this.db
      .prepare('SELECT * FROM schedules ORDER BY created_at, id')
      .all() as ScheduleRow[];
    return rows.map(fromRow);
  }

  setNextRun(id: string, at: number | null): void {
    this.writes.later(
      'schedule due time',
      () => this.db.prepare('UPDATE schedules SET next_run_at = ? WHERE id = ?').run(at, id),
      `next run ${id}`,
    );
  }

  /** Deletes a schedule and (by cascade) its runs. */
  async delete(id: string): Promise<void> {
    await this.writes.now(() => this.db.prepare('DELETE FROM schedules WHERE id = ?').run(id));
  }

  /** A deleted instance's schedules (and their runs) go, in the background. */
  deleteInstance(instanceUuid: string): void {
    this.writes.later('schedules of a deleted instance', () =>
      this.db.prepare('DELETE FROM schedules WHERE instance_uuid = ?').run(instanceUuid),
    );
  }

  /** Inserts a run record and drops the oldest beyond SCHEDULE_RUNS_KEPT. */
  insertRun(run: ScheduleRun): void {
    this.writes.later('schedule run', () => this.insertRunNow(run));
  }

  private insertRunNow(run: ScheduleRun): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO schedule_runs (id, schedule_id, scheduled_for, started_at, finished_at, outcome, reason, cause, steps)
           VALUES (@id, @schedule_id, @scheduled_for, @started_at, @finished_at, @outcome, @reason, @cause, @steps)`,
        )
        .run({ ...run, steps: JSON.stringify(run.steps) });
      this.db
        .prepare(
          `DELETE FROM schedule_runs WHERE schedule_id = ? AND seq NOT IN
             (SELECT seq FROM schedule_runs WHERE schedule_id = ? ORDER BY seq DESC LIMIT ?)`,
        )
        .run(run.schedule_id, run.schedule_id, SCHEDULE_RUNS_KEPT);
    })();
  }

  updateRun(run: ScheduleRun): void {
    const row = { ...run, steps: JSON.stringify(run.steps) };
    this.writes.later(
      'schedule run',
      () =>
        this.db
          .prepare(
            'UPDATE schedule_runs SET finished_at = @finished_at, outcome = @outcome, reason = @reason, steps = @steps WHERE id = @id',
          )
          .run(row),
      `run ${run.id}`,
    );
  }

  /** A schedule's runs, newest first. */
  runs(scheduleId: string, limit = SCHEDULE_RUNS_KEPT): ScheduleRun[] {
    const rows = this.db
      .prepare('SELECT * FROM schedule_runs WHERE schedule_id = ? ORDER BY seq DESC LIMIT ?')
      .all(scheduleId, limit) as RunRow[];
    return rows.map(runFromRow);
  }

  lastRun(scheduleId: string): ScheduleRun | null {
    return this.runs(scheduleId, 1)[0] ?? null;
  }

  /** Runs left "Running" by a core that stopped. */
  unfinishedRuns(): ScheduleRun[] {
    const rows = this.db
      .prepare("SELECT * FROM schedule_runs WHERE outcome = 'Running'")
      .all() as RunRow[];
    return rows.map(runFromRow);
  }
}
