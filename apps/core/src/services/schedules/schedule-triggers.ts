import { SCHEDULE_MISS_GRACE_MS, type ClientEvent } from '@hearth/protocol';
import type { ScheduleRepository, StoredSchedule } from '../../repositories/schedule-repository.ts';
import type { Clock } from './clock.ts';
import { compileLinePattern, matchEvent } from './event-match.ts';
import { countDue, isTimeTrigger, nextDue } from './schedule-timing.ts';

export interface EventSource {
  /** Every event but console output (state changes, players). */
  subscribeGeneral(listener: (event: ClientEvent) => void): () => void;
  /** Console output of every instance (null), for console-line triggers. */
  subscribeConsole(instance: string | null, listener: (event: ClientEvent) => void): () => void;
}

export type FireSource = 'time' | 'event';

export interface TriggerDeps {
  repository: ScheduleRepository;
  clock: Clock;
  events: EventSource;
  log: { warn(msg: string): void };
  fire(schedule: StoredSchedule, scheduledFor: number, cause: string, source: FireSource): void;
  missed(schedule: StoredSchedule, scheduledFor: number, reason: string): void;
}

const TIME_CAUSE = { Cron: 'Cron schedule', Interval: 'Interval' } as const;

/**
 * Arms one timer per enabled time-triggered schedule and matches bus events against event
 * triggers. The due time is kept in SQLite: a due time found more than SCHEDULE_MISS_GRACE_MS in
 * the past (the core was down, or its timer came far too late) is recorded once as missed and the
 * schedule moves on to its next due time after now — never a burst of catch-up runs.
 */
export class ScheduleTriggers {
  private readonly timers = new Map<string, () => void>();
  /**
   * The due time each schedule's timer was armed for. A timer that fires for another due time is
   * stale; this is checked here rather than against SQLite, whose copy may still wait to be
   * written while another process holds the database's lock.
   */
  private readonly dues = new Map<string, number>();
  private byInstance = new Map<string, { schedule: StoredSchedule; pattern: RegExp | null }[]>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: TriggerDeps) {}

  start(): void {
    for (const schedule of this.deps.repository.all()) this.arm(schedule);
    this.reindex();
    const general = this.deps.events.subscribeGeneral((event) => this.onEvent(event));
    const lines = this.deps.events.subscribeConsole(null, (event) => this.onEvent(event));
    this.unsubscribe = () => {
      general();
      lines();
    };
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    this.dues.clear();
  }

  /** After a schedule was saved, enabled, disabled or deleted (`schedule` null). */
  refresh(id: string, schedule: StoredSchedule | null): void {
    this.timers.get(id)?.();
    this.timers.delete(id);
    this.dues.delete(id);
    if (schedule) this.arm(schedule);
    this.reindex();
  }

  private arm(schedule: StoredSchedule): void {
    const { repository, clock } = this.deps;
    const trigger = schedule.trigger;
    if (!schedule.enabled || !isTimeTrigger(trigger)) {
      this.dues.delete(schedule.id);
      if (schedule.next_run_at !== null) repository.setNextRun(schedule.id, null);
      return;
    }
    const now = clock.now();
    let due = schedule.next_run_at;
    if (due !== null && now - due > SCHEDULE_MISS_GRACE_MS) {
      const count = countDue(trigger, schedule.updated_at, due, now);
      const runs = count === 1 ? '1 run' : `${count} runs`;
      this.deps.missed(schedule, due, `${runs} missed while the core was not running`);
      due = null;
    }
    due ??= nextDue(trigger, schedule.updated_at, now);
    repository.setNextRun(schedule.id, due);
    if (due === null) {
      this.dues.delete(schedule.id);
      return;
    }
    const at = due;
    this.dues.set(schedule.id, at);
    this.timers.set(
      schedule.id,
      clock.setTimer(() => this.onTimer(schedule.id, at), at - now),
    );
  }

  private onTimer(id: string, due: number): void {
    this.timers.delete(id);
    if (this.dues.get(id) !== due) return;
    const schedule = this.deps.repository.get(id);
    if (!schedule || !schedule.enabled) return;
    const trigger = schedule.trigger;
    if (!isTimeTrigger(trigger)) return;
    const now = this.deps.clock.now();
    if (now - due > SCHEDULE_MISS_GRACE_MS) {
      this.deps.missed(
        schedule,
        due,
        'The core could not run it on time (machine asleep or overloaded)',
      );
    } else {
      this.deps.fire(schedule, due, TIME_CAUSE[trigger.type], 'time');
    }
    const next = nextDue(trigger, schedule.updated_at, Math.max(now, due));
    this.arm({ ...schedule, next_run_at: next });
  }

  private reindex(): void {
    const index = new Map<string, { schedule: StoredSchedule; pattern: RegExp | null }[]>();
    for (const schedule of this.deps.repository.all()) {
      const t = schedule.trigger;
      if (!schedule.enabled || isTimeTrigger(t)) continue;
      let pattern: RegExp | null = null;
      if (t.type === 'ConsoleLine') {
        try {
          pattern = compileLinePattern(t.pattern);
        } catch {
          this.deps.log.warn(`Schedule ${schedule.id}: its console pattern is refused; not armed`);
          continue;
        }
      }
      const list = index.get(schedule.instance_uuid) ?? [];
      list.push({ schedule, pattern });
      index.set(schedule.instance_uuid, list);
    }
    this.byInstance = index;
  }

  private onEvent(event: ClientEvent): void {
    const inner = event.event_inner;
    if (inner.type !== 'InstanceEvent') return;
    for (const { schedule, pattern } of this.byInstance.get(inner.instance_uuid) ?? []) {
      const cause = matchEvent(schedule.trigger, pattern, schedule.instance_uuid, event);
      if (cause !== null) this.deps.fire(schedule, this.deps.clock.now(), cause, 'event');
    }
  }
}
