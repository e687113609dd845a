import { i18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { powerActionNeeds, type InstanceState, type PowerAction } from '@hearth/protocol';
import { viewerCan } from '@/lib/permissions.ts';
import type { Viewer } from '@/lib/permissions.ts';

// dashboard.md §4 "Actions by state" and §6 gating. What each action needs is the protocol's
// POWER_ACTION_PERMISSIONS, the table the core's routes and schedules check.

export type InstanceAction = PowerAction;

export const ACTION_LABELS: Record<InstanceAction, MessageDescriptor> = {
  start: msg`Start`,
  stop: msg`Stop`,
  restart: msg`Restart`,
  kill: msg`Kill`,
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
  viewer: Viewer | null | undefined,
  action: InstanceAction,
  uuid: string,
): boolean {
  return powerActionNeeds(action, uuid).every((need) => viewerCan(viewer, need));
}

export interface ActionButtonModel {
  action: InstanceAction;
  label: string;
  allowed: boolean;
}

/** What the SELECTED INSTANCE panel shows for an instance in `state`. */
export function actionButtons(
  viewer: Viewer | null | undefined,
  state: InstanceState,
  uuid: string,
): ActionButtonModel[] {
  return actionsForState(state).map((action) => ({
    action,
    label: i18n._(ACTION_LABELS[action]),
    allowed: canRunAction(viewer, action, uuid),
  }));
}
