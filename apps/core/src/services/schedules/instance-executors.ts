import {
  powerActionNeeds,
  type CausedBy,
  type PowerAction,
  type ScheduleStep,
  type StepVisibility,
  type UserAction,
} from '@hearth/protocol';
import type { PermissionGuard, Principal } from '../../auth/permission-guard.ts';
import { CoreError, unsupported } from '../../errors.ts';
import type { StoredUser } from '../../repositories/user-repository.ts';
import type { BackupService } from '../backups/backup-service.ts';
import type { InstanceService } from '../instance-service.ts';
import { userCause } from '../user-service.ts';
import { waitForPowerState, type StateEventSource } from './power-wait.ts';
import type { ScheduleAuthorizer, ScheduleExecutors } from './schedule-executors.ts';

/**
 * Runs a macro to its end (resolves on success, rejects with its error). Filled in compose.ts from
 * the macro service; absent, a macro step fails with "Macros are not available".
 */
export interface MacroRunner {
  /** `actors`: every user the run acts for; the task is bounded by each of them. */
  runMacro: ScheduleExecutors['macro'];
}

export interface InstanceExecutorDeps {
  instances: InstanceService;
  backups: BackupService;
  events: StateEventSource;
  macros: () => MacroRunner | null;
}

async function power(
  deps: InstanceExecutorDeps,
  uuid: string,
  action: PowerAction,
  causedBy: CausedBy,
): Promise<void> {
  const { instances } = deps;
  const wait = waitForPowerState(deps.events, uuid, action);
  try {
    if (action === 'start') await instances.start(uuid, causedBy);
    else if (action === 'stop') instances.stop(uuid, causedBy);
    else if (action === 'restart') await instances.restart(uuid, causedBy);
    else await instances.kill(uuid, causedBy);
  } catch (err) {
    wait.cancel();
    throw err;
  }
  await wait.reached;
}

/** What schedule steps act through: the instance service, the backup service, the macro runner. */
export function instanceExecutors(deps: InstanceExecutorDeps): ScheduleExecutors {
  return {
    isRunning: (uuid) => deps.instances.state(uuid) === 'Running',
    sendCommand: (uuid, command, causedBy) => deps.instances.sendCommand(uuid, command, causedBy),
    power: (uuid, action, causedBy) => power(deps, uuid, action, causedBy),
    backup: async (uuid, options, causedBy) => {
      const made = await (await deps.backups.create(uuid, options, causedBy)).done;
      return { id: made.id, name: made.name, created_at: made.created_at };
    },
    macro: (uuid, name, args, causedBy, actors) => {
      const macros = deps.macros();
      if (macros === null) throw unsupported('Macros are not available');
      return macros.runMacro(uuid, name, args, causedBy, actors);
    },
  };
}

type CheckedStep = Exclude<ScheduleStep, { type: 'Wait' }>;

/** The permissions a step needs on its instance (the same as the routes that do it by hand). */
export function stepActions(step: CheckedStep, instance: string): UserAction[] {
  switch (step.type) {
    case 'Command':
      return [{ type: 'AccessConsole', instance }];
    case 'Power':
      return powerActionNeeds(step.action, instance);
    case 'Backup':
      return [{ type: 'ReadInstanceFile', instance }];
    case 'Macro':
      return [{ type: 'AccessMacro', instance }];
  }
}

const WHAT: Record<UserAction['type'], string> = {
  ViewInstance: 'view this instance',
  StartInstance: 'start this instance',
  StopInstance: 'stop this instance',
  AccessConsole: "use this instance's console",
  AccessSetting: "change this instance's settings",
  ReadResource: "read this instance's resources",
  WriteResource: "write this instance's resources",
  AccessMacro: "run this instance's macros",
  ReadInstanceFile: "read this instance's files (backups)",
  WriteInstanceFile: "write this instance's files",
  ManagePlayers: "manage this instance's players",
  CreateInstance: 'create instances',
  DeleteInstance: 'delete instances',
  ReadGlobalFile: 'read global files',
  WriteGlobalFile: 'write global files',
  ManageUser: 'manage users',
  ManagePermission: 'manage permissions',
  InstallExtension: 'install extensions',
};

/**
 * The user's permissions as they are when asked (safe mode included, through the one guard): a
 * deleted user or a missing permission refuses the step with a sentence naming who and what.
 */
export function userAuthorizer(
  users: { get(uid: string): StoredUser },
  guard: PermissionGuard,
): ScheduleAuthorizer {
  return (uid, instance, step) => {
    let user: StoredUser;
    try {
      user = users.get(uid);
    } catch (err) {
      if (err instanceof CoreError && err.kind === 'NotFound')
        return { allowed: false, reason: 'The user this schedule acts as no longer exists' };
      throw err;
    }
    for (const action of stepActions(step, instance)) {
      if (!guard.can(user, action))
        return {
          allowed: false,
          reason: `${user.username} does not have permission to ${WHAT[action.type]}`,
        };
    }
    return { allowed: true, causedBy: userCause(user) };
  };
}

/**
 * Which steps `viewer` may see the insides of on an instance: the Event Logs' rule for the same
 * actions (events/log-visibility.ts: console commands need the console, macro runs the macro
 * permission). Used by GET …/schedules and …/runs.
 */
export function stepVisibility(
  guard: PermissionGuard,
  viewer: Principal,
  instance: string,
): StepVisibility {
  return {
    Command: guard.can(viewer, { type: 'AccessConsole', instance }),
    Macro: guard.can(viewer, { type: 'AccessMacro', instance }),
  };
}
