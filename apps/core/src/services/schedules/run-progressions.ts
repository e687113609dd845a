import {
  NO_STEP_DETAILS,
  runForViewer,
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
 * Schedules tab refreshes on it. The progression is no Event Logs entry of its own: every run that
 * ran, failed or was missed is one activity of kind schedules naming the schedule, the instance
 * and the outcome (so webhooks that chose schedules hear of successes too); skipped runs stay in
 * the schedule's history. Whoever may view the instance sees both the progression and the entry,
 * so neither shows what a console command or a macro step said (`NO_STEP_DETAILS`, the rule of
 * GET …/schedules for a viewer without the console or macro permission).
 */
export function runProgressions(
  events: EventBus,
  names: {
    instanceName(uuid: string): string;
    authorCause(uid: string): CausedBy;
  },
): RunReporter {
  return {
    finished(schedule, finished) {
      const run = runForViewer(finished, NO_STEP_DETAILS);
      if (run.outcome !== 'Success' && run.outcome !== 'Failed' && run.outcome !== 'Missed') return;
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
        { logged: false },
      );
      let reported = 0;
      return {
        step(progress) {
          const finished = runForViewer(progress, NO_STEP_DETAILS).steps.filter(
            (s) => s.finished_at !== null,
          );
          for (const step of finished.slice(reported)) progression.update(1, stepLine(step));
          reported = Math.max(reported, finished.length);
        },
        end(final) {
          const success = final.outcome === 'Success';
          const reason = runForViewer(final, NO_STEP_DETAILS).reason;
          progression.end(success, success ? `Finished (${run.cause})` : reason, null);
        },
      };
    },
  };
}
