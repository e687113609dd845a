import { i18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InstanceState } from '@hearth/protocol';
import { viewerCan } from '@/lib/permissions.ts';
import type { Viewer } from '@/lib/permissions.ts';

// dashboard.md §4 "Actions by state" and §6 gating: Start needs can_start_instance, Stop and
// Kill need can_stop_instance. Restart is a stop and a start, and the core checks both.

export type InstanceAction = 'start' | 'stop' | 'restart' | 'kill';

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
  const start = () => viewerCan(viewer, { type: 'StartInstance', instance: uuid });
  const stop = () => viewerCan(viewer, { type: 'StopInstance', instance: uuid });
  switch (action) {
    case 'start':
      return start();
    case 'stop':
    case 'kill':
      return stop();
    case 'restart':
      return start() && stop();
  }
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
