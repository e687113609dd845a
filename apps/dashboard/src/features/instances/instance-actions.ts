import type { InstanceState, PublicUser } from '@hearth/protocol';
import { hasInstancePermission } from '@/lib/permissions.ts';

// dashboard.md §4 "Actions by state" and §6 gating: Start needs can_start_instance, Stop and
// Kill need can_stop_instance. Restart is a stop and a start, and the core checks both.

export type InstanceAction = 'start' | 'stop' | 'restart' | 'kill';

export const ACTION_LABELS: Record<InstanceAction, string> = {
  start: 'Start',
  stop: 'Stop',
  restart: 'Restart',
  kill: 'Kill',
};

/** The actions offered in each state, in display order. */
export function actionsForState(state: InstanceState): InstanceAction[] {
  switch (state) {
    case 'Stopped':
      return ['start'];
    case 'Running':
      return ['stop', 'restart'];
    case 'Starting':
    case 'Stopping':
      return ['kill'];
    case 'Error':
      return ['restart'];
  }
}

export function canRunAction(
  user: PublicUser | null | undefined,
  action: InstanceAction,
  uuid: string,
): boolean {
  const may = (key: 'can_start_instance' | 'can_stop_instance') =>
    hasInstancePermission(user, key, uuid);
  switch (action) {
    case 'start':
      return may('can_start_instance');
    case 'stop':
    case 'kill':
      return may('can_stop_instance');
    case 'restart':
      return may('can_start_instance') && may('can_stop_instance');
  }
}

export interface ActionButtonModel {
  action: InstanceAction;
  label: string;
  allowed: boolean;
}

/** What the SELECTED INSTANCE panel shows for an instance in `state`. */
export function actionButtons(
  user: PublicUser | null | undefined,
  state: InstanceState,
  uuid: string,
): ActionButtonModel[] {
  return actionsForState(state).map((action) => ({
    action,
    label: ACTION_LABELS[action],
    allowed: canRunAction(user, action, uuid),
  }));
}
