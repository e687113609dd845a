import {
  scheduleDisplayName,
  scheduleProgressionTitle,
  type CausedBy,
  type StepOutcome,
} from '@hearth/protocol';
import type { EventBus } from '../../events/event-bus.ts';
import { Progression } from '../instance-progression.ts';
import type { RunReporter } from './schedule-service.ts';

function stepLine(step: StepOutcome): string {
  return `Step ${step.index + 1} (${step.type}): ${step.message || step.outcome}`;
}

/**
 * Each run that executes steps becomes one progression (start, one update per finished step, end
 * with the outcome), caused by the schedule's author: the notification panel shows it and the
 * Schedules tab refreshes on it. A failed or missed run is also an event-log activity (category
 * schedules, so webhooks that chose schedules are told); successful runs stay in the run history.
 */
export function runProgressions(
  events: EventBus,
  names: {
    instanceName(uuid: string): string;
    authorCause(uid: string): CausedBy;
  },
): RunReporter {
  return {
    finished(schedule, run) {
      if (run.outcome !== 'Failed' && run.outcome !== 'Missed') return;
      events.record(
        {
          type: 'ScheduleRunActivity',
          outcome: run.outcome,
          instance_uuid: schedule.instance_uuid,
          instance_name: names.instanceName(schedule.instance_uuid),
          schedule_id: schedule.id,
          schedule_name: scheduleDisplayName(schedule),
          reason: run.reason ?? '',
        },
        names.authorCause(schedule.author_uid),
      );
    },
    started(schedule, run) {
      const progression = new Progression(
        events,
        names.authorCause(schedule.author_uid),
        scheduleProgressionTitle(schedule, names.instanceName(schedule.instance_uuid)),
        Math.max(1, schedule.steps.length),
        null,
      );
      let reported = 0;
      return {
        step(progress) {
          const finished = progress.steps.filter((s) => s.finished_at !== null);
          for (const step of finished.slice(reported)) progression.update(1, stepLine(step));
          reported = Math.max(reported, finished.length);
        },
        end(final) {
          const success = final.outcome === 'Success';
          progression.end(success, success ? `Finished (${run.cause})` : final.reason, null);
        },
      };
    },
  };
}
