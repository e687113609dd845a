import type {
  CausedBy,
  PowerAction,
  ScheduleRun,
  ScheduleStep,
  StepOutcome,
} from '@hearth/protocol';
import { toCoreError } from '../../errors.ts';
import type { Clock } from './clock.ts';
import type { MadeBackup, ScheduleAuthorizer, ScheduleExecutors } from './schedule-executors.ts';

export const STOPPED_DURING_RUN = 'The core stopped during this run';

export interface RunContext {
  instanceUuid: string;
  steps: readonly ScheduleStep[];
  continueOnFailure: boolean;
  /** Every step is authorized for each of these users (the author; plus who pressed Run now). */
  actors: readonly string[];
  executors: ScheduleExecutors;
  authorize: ScheduleAuthorizer;
  clock: Clock;
  signal: AbortSignal;
  /** Called with the record after each step (persisted, so a viewer sees the run progress). */
  save(run: ScheduleRun): void;
}

function messageOf(err: unknown): string {
  const core = toCoreError(err);
  if (core.kind !== 'Internal') return core.causes.join(': ');
  return err instanceof Error && err.message ? err.message : 'Internal error';
}

/** Rejects when the run is aborted (the core stops), whatever the step is waiting for. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(new Error(STOPPED_DURING_RUN));
    const onAbort = () => reject(new Error(STOPPED_DURING_RUN));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

const POWER_DONE: Record<PowerAction, string> = {
  start: 'Instance started',
  stop: 'Instance stopped',
  restart: 'Instance restarted',
  kill: 'Instance killed',
};

/** A backup step's outcome, naming the backup as the Backups tab does (never by its id). */
export function madeBackupMessage(made: MadeBackup): string {
  if (made.name !== null) return `Made backup "${made.name}"`;
  const when = new Date(made.created_at).toISOString().slice(0, 19).replace('T', ' ');
  return `Made an unnamed backup (${when} UTC)`;
}

function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimer(resolve, ms));
}

async function perform(ctx: RunContext, step: ScheduleStep, causedBy: CausedBy): Promise<string> {
  const { executors, instanceUuid } = ctx;
  switch (step.type) {
    case 'Command':
      await executors.sendCommand(instanceUuid, step.command, causedBy);
      return `Sent "${step.command}"`;
    case 'Power':
      await executors.power(instanceUuid, step.action, causedBy);
      return POWER_DONE[step.action];
    case 'Backup': {
      const made = await executors.backup(
        instanceUuid,
        { name: step.name, locked: step.locked },
        causedBy,
      );
      return madeBackupMessage(made);
    }
    case 'Macro':
      await executors.macro(instanceUuid, step.macro, step.args, causedBy, ctx.actors);
      return `Macro ${step.macro} finished`;
    case 'Wait':
      await sleep(ctx.clock, step.seconds * 1000);
      return `Waited ${step.seconds} s`;
  }
}

/** Authorizes a step for every actor; the first refusal wins. */
function authorizeStep(ctx: RunContext, step: ScheduleStep): CausedBy | string {
  if (step.type === 'Wait') return { type: 'System' };
  let causedBy: CausedBy | null = null;
  for (const uid of ctx.actors) {
    const result = ctx.authorize(uid, ctx.instanceUuid, step);
    if (!result.allowed) return result.reason;
    causedBy ??= result.causedBy;
  }
  return causedBy ?? 'No user to act as';
}

/**
 * Runs the steps in order, recording each outcome. A failed step stops the chain (the rest are
 * Skipped) unless continue-on-failure is set. Permissions are checked before every step.
 */
export async function executeRun(ctx: RunContext, run: ScheduleRun): Promise<ScheduleRun> {
  const outcomes: StepOutcome[] = ctx.steps.map((step, index) => ({
    index,
    type: step.type,
    outcome: 'Skipped',
    message: '',
    started_at: null,
    finished_at: null,
  }));
  let current: ScheduleRun = { ...run, steps: outcomes };
  let firstFailure: string | null = null;
  for (const [index, step] of ctx.steps.entries()) {
    const outcome = outcomes[index]!;
    if (ctx.signal.aborted || (firstFailure !== null && !ctx.continueOnFailure)) {
      outcome.message = ctx.signal.aborted ? STOPPED_DURING_RUN : 'An earlier step failed';
      continue;
    }
    outcome.started_at = ctx.clock.now();
    const actor = authorizeStep(ctx, step);
    if (typeof actor === 'string') {
      outcome.outcome = 'Failed';
      outcome.message = actor;
      outcome.refused = true;
    } else {
      try {
        outcome.message = await untilAborted(perform(ctx, step, actor), ctx.signal);
        outcome.outcome = 'Success';
      } catch (err) {
        outcome.outcome = 'Failed';
        outcome.message = messageOf(err);
      }
    }
    outcome.finished_at = ctx.clock.now();
    if (outcome.outcome === 'Failed')
      firstFailure ??= `Step ${index + 1} (${step.type}) failed: ${outcome.message}`;
    current = { ...current, steps: [...outcomes] };
    ctx.save(current);
  }
  return {
    ...current,
    steps: [...outcomes],
    finished_at: ctx.clock.now(),
    outcome: firstFailure === null ? 'Success' : 'Failed',
    reason: firstFailure,
  };
}
