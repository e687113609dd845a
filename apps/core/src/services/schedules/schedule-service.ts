import {
  ALL_STEPS_VISIBLE,
  SCHEDULES_PER_INSTANCE_MAX,
  SCHEDULE_EVENT_COOLDOWN_MS,
  SnowflakeGenerator,
  runForViewer,
  scheduleForViewer,
  type Schedule,
  type ScheduleInput,
  type ScheduleRun,
  type ScheduleStep,
  type StepVisibility,
} from '@hearth/protocol';
import { badRequest, notFound, permissionDenied } from '../../errors.ts';
import type { ScheduleRepository, StoredSchedule } from '../../repositories/schedule-repository.ts';
import type { Clock } from './clock.ts';
import { compileLinePattern } from './event-match.ts';
import type { ScheduleAuthorizer, ScheduleExecutors } from './schedule-executors.ts';
import { STOPPED_DURING_RUN, executeRun } from './schedule-runner.ts';
import { validateTrigger } from './schedule-timing.ts';
import { ScheduleTriggers, type EventSource, type FireSource } from './schedule-triggers.ts';

export interface ScheduleServiceDeps {
  repository: ScheduleRepository;
  clock: Clock;
  executors: ScheduleExecutors;
  authorize: ScheduleAuthorizer;
  /** The event bus (event triggers listen to it). */
  events: EventSource;
  log: { warn(msg: string): void; error(msg: string): void };
  /** Called when a schedule or one of its runs changed. */
  onChange?: (instanceUuid: string, scheduleId: string) => void;
  /** Told about each run that executes steps (compose.ts turns them into progression events). */
  reporter?: RunReporter;
}

/** Follows one run: each finished step, then its end (success, failure, stopped). */
export interface RunWatcher {
  step(run: ScheduleRun): void;
  end(run: ScheduleRun): void;
}

export interface RunReporter {
  started(schedule: Schedule, run: ScheduleRun): RunWatcher;
  /** Every run's final record, those that ran steps and those only recorded (Missed, Skipped). */
  finished(schedule: Schedule, run: ScheduleRun): void;
}

/** Someone pressing "Run now": the run needs their permissions as well as the author's. */
export interface Requester {
  uid: string;
  name: string;
}

const ids = new SnowflakeGenerator();

/**
 * Schedules (see README.md): CRUD, triggers (timers and events), and runs with recorded outcomes.
 * A run acts as the schedule's author, checked step by step when it runs. Nothing here knows HTTP.
 */
export class ScheduleService {
  private readonly triggers: ScheduleTriggers;
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly lastEventRun = new Map<string, number>();

  constructor(private readonly deps: ScheduleServiceDeps) {
    this.triggers = new ScheduleTriggers({
      repository: deps.repository,
      clock: deps.clock,
      events: deps.events,
      log: deps.log,
      fire: (schedule, at, cause, source) => void this.fire(schedule, at, cause, source, []),
      missed: (schedule, at, reason) => this.record(schedule, at, 'Missed', reason, 'Missed'),
    });
  }

  /** Boot: runs a stopped core left Running become Failed; timers armed, missed runs recorded. */
  start(): void {
    for (const run of this.deps.repository.unfinishedRuns()) {
      this.deps.repository.updateRun({
        ...run,
        outcome: 'Failed',
        reason: STOPPED_DURING_RUN,
        finished_at: run.finished_at ?? this.deps.clock.now(),
      });
    }
    this.triggers.start();
  }

  /** Shutdown: no new runs; runs in progress are aborted and recorded as failed. */
  async stop(): Promise<void> {
    this.triggers.stop();
    const runs = [...this.running.values()];
    for (const run of runs) run.abort.abort();
    await Promise.allSettled(runs.map((r) => r.done));
  }

  /** The instance's schedules as a viewer who may see `may` sees them (GET …/schedules). */
  list(instanceUuid: string, may: StepVisibility = ALL_STEPS_VISIBLE): Schedule[] {
    return this.deps.repository.list(instanceUuid).map((s) => scheduleForViewer(this.view(s), may));
  }

  get(instanceUuid: string, id: string): Schedule {
    return this.view(this.find(instanceUuid, id));
  }

  /** A schedule's runs, newest first, as a viewer who may see `may` sees them. */
  runs(instanceUuid: string, id: string, may: StepVisibility = ALL_STEPS_VISIBLE): ScheduleRun[] {
    return this.deps.repository
      .runs(this.find(instanceUuid, id).id)
      .map((run) => runForViewer(run, may));
  }

  /**
   * Creates a schedule owned by `authorUid` (400 for too many schedules, bad cron or patterns; 403
   * when the author may not do one of its steps now — runs check again each time).
   */
  async create(instanceUuid: string, authorUid: string, input: ScheduleInput): Promise<Schedule> {
    this.validate(instanceUuid, authorUid, input);
    if (this.deps.repository.list(instanceUuid).length >= SCHEDULES_PER_INSTANCE_MAX)
      throw badRequest(`An instance can have at most ${SCHEDULES_PER_INSTANCE_MAX} schedules`);
    const now = this.deps.clock.now();
    const schedule: StoredSchedule = {
      ...input,
      id: ids.next(),
      instance_uuid: instanceUuid,
      author_uid: authorUid,
      created_at: now,
      updated_at: now,
      next_run_at: null,
    };
    return this.store(schedule);
  }

  /**
   * Replaces a schedule's settings and steps. The editor becomes its author: runs use the
   * permissions of whoever last decided what it does (never someone else's wider rights).
   */
  async update(
    instanceUuid: string,
    id: string,
    editorUid: string,
    input: ScheduleInput,
  ): Promise<Schedule> {
    const current = this.find(instanceUuid, id);
    this.validate(instanceUuid, editorUid, input);
    return this.store({
      ...current,
      ...input,
      author_uid: editorUid,
      updated_at: this.deps.clock.now(),
      next_run_at: null,
    });
  }

  /**
   * Switches a schedule on or off. It needs what editing needs (the editor may do every step) and
   * makes the editor its author like an edit does: a schedule switched on by someone runs with no
   * more than their rights, never its previous author's.
   */
  async setEnabled(
    instanceUuid: string,
    id: string,
    editorUid: string,
    enabled: boolean,
  ): Promise<Schedule> {
    const current = this.find(instanceUuid, id);
    this.validateSteps(instanceUuid, editorUid, current.steps);
    if (current.enabled === enabled && current.author_uid === editorUid) return this.view(current);
    return this.store({
      ...current,
      enabled,
      author_uid: editorUid,
      updated_at: this.deps.clock.now(),
      next_run_at: null,
    });
  }

  async delete(instanceUuid: string, id: string): Promise<void> {
    this.find(instanceUuid, id);
    await this.deps.repository.delete(id);
    this.forget(id);
  }

  /** Starts a run now (even when disabled); returns its record as it starts. */
  runNow(instanceUuid: string, id: string, requester: Requester): ScheduleRun {
    const schedule = this.find(instanceUuid, id);
    if (this.running.has(id)) throw badRequest('This schedule is already running');
    const run = this.fire(
      schedule,
      this.deps.clock.now(),
      `Run now by ${requester.name}`,
      'manual',
      [requester.uid],
    );
    if (run === null) throw badRequest('This schedule is already running');
    return run;
  }

  /** Resolves when the schedule's current run (if any) has ended and been recorded. */
  async idle(id: string): Promise<void> {
    await this.running.get(id)?.done;
  }

  /** The instance was deleted: its schedules go too (their rows in the background). */
  forgetInstance(instanceUuid: string): void {
    for (const schedule of this.deps.repository.list(instanceUuid)) this.forget(schedule.id);
    this.deps.repository.deleteInstance(instanceUuid);
  }

  /** A deleted schedule: its run ends, its timer and trigger go. */
  private forget(id: string): void {
    this.running.get(id)?.abort.abort();
    this.triggers.refresh(id, null);
    this.lastEventRun.delete(id);
  }

  /** What a schema cannot say: the cron parses, the pattern is safe, the editor may do each step. */
  private validate(instanceUuid: string, editorUid: string, input: ScheduleInput): void {
    validateTrigger(input.trigger);
    if (input.trigger.type === 'ConsoleLine') compileLinePattern(input.trigger.pattern);
    this.validateSteps(instanceUuid, editorUid, input.steps);
  }

  /** 403 unless the editor may do every step (checked again at each run). */
  private validateSteps(
    instanceUuid: string,
    editorUid: string,
    steps: readonly ScheduleStep[],
  ): void {
    for (const step of steps) {
      if (step.type === 'Wait') continue;
      const verdict = this.deps.authorize(editorUid, instanceUuid, step);
      if (!verdict.allowed) throw permissionDenied(verdict.reason);
    }
  }

  private async store(schedule: StoredSchedule): Promise<Schedule> {
    await this.deps.repository.save(schedule);
    this.triggers.refresh(schedule.id, schedule);
    this.deps.onChange?.(schedule.instance_uuid, schedule.id);
    return this.get(schedule.instance_uuid, schedule.id);
  }

  private find(instanceUuid: string, id: string): StoredSchedule {
    const schedule = this.deps.repository.get(id);
    if (!schedule || schedule.instance_uuid !== instanceUuid) throw notFound('Schedule not found');
    return schedule;
  }

  private view(s: StoredSchedule): Schedule {
    const { next_run_at: next, ...rest } = s;
    return {
      ...rest,
      next_run: s.enabled ? next : null,
      last_run: this.deps.repository.lastRun(s.id),
    };
  }

  /** A run that does nothing (Missed, Skipped): one record with the reason. */
  private record(
    schedule: StoredSchedule,
    scheduledFor: number,
    outcome: 'Missed' | 'Skipped',
    reason: string,
    cause: string,
  ): void {
    const now = this.deps.clock.now();
    const run: ScheduleRun = {
      id: ids.next(),
      schedule_id: schedule.id,
      scheduled_for: scheduledFor,
      started_at: now,
      finished_at: now,
      outcome,
      reason,
      cause,
      steps: [],
    };
    this.deps.repository.insertRun(run);
    this.deps.reporter?.finished(this.view(schedule), run);
    this.deps.onChange?.(schedule.instance_uuid, schedule.id);
  }

  private fire(
    schedule: StoredSchedule,
    scheduledFor: number,
    cause: string,
    source: FireSource | 'manual',
    requesters: readonly string[],
  ): ScheduleRun | null {
    const { clock, repository } = this.deps;
    const now = clock.now();
    if (source === 'event') {
      // Events can come in floods (a console line a step itself provokes): drop, don't record.
      const last = this.lastEventRun.get(schedule.id);
      if (this.running.has(schedule.id)) return null;
      if (last !== undefined && now - last < SCHEDULE_EVENT_COOLDOWN_MS) return null;
      this.lastEventRun.set(schedule.id, now);
    } else if (this.running.has(schedule.id)) {
      this.record(schedule, scheduledFor, 'Skipped', 'The previous run was still going', cause);
      return null;
    }
    if (schedule.only_when_running && !this.deps.executors.isRunning(schedule.instance_uuid)) {
      this.record(schedule, scheduledFor, 'Skipped', 'The instance was not running', cause);
      return null;
    }
    const run: ScheduleRun = {
      id: ids.next(),
      schedule_id: schedule.id,
      scheduled_for: scheduledFor,
      started_at: now,
      finished_at: null,
      outcome: 'Running',
      reason: null,
      cause,
      steps: [],
    };
    repository.insertRun(run);
    const watcher = this.deps.reporter?.started(this.view(schedule), run);
    const abort = new AbortController();
    const changed = () => this.deps.onChange?.(schedule.instance_uuid, schedule.id);
    const done = executeRun(
      {
        instanceUuid: schedule.instance_uuid,
        steps: schedule.steps,
        continueOnFailure: schedule.continue_on_failure,
        actors: [schedule.author_uid, ...requesters.filter((uid) => uid !== schedule.author_uid)],
        executors: this.deps.executors,
        authorize: this.deps.authorize,
        clock,
        signal: abort.signal,
        save: (progress) => {
          repository.updateRun(progress);
          watcher?.step(progress);
          changed();
        },
      },
      run,
    )
      .then((final) => {
        repository.updateRun(final);
        watcher?.end(final);
        this.deps.reporter?.finished(this.view(schedule), final);
      })
      .catch((err: unknown) => {
        const reason = err instanceof Error ? err.message : String(err);
        this.deps.log.error(`Schedule ${schedule.id} run failed: ${reason}`);
        const failed: ScheduleRun = { ...run, outcome: 'Failed', reason, finished_at: clock.now() };
        watcher?.end(failed);
        this.deps.reporter?.finished(this.view(schedule), failed);
      })
      .finally(() => {
        this.running.delete(schedule.id);
        changed();
      });
    this.running.set(schedule.id, { abort, done });
    changed();
    return run;
  }
}
