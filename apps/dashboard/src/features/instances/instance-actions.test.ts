import { describe, expect, it } from 'vitest';
import {
  canPerform,
  emptyPermissions,
  POWER_ACTION_PERMISSIONS,
  principalOf,
  type PowerAction,
} from '@hearth/protocol';
import type { InstanceState } from '@hearth/protocol';
import { viewerOf } from '@/lib/permissions.ts';
import { publicUser } from '@/test/fixtures.ts';
import { actionButtons, actionsForState, canRunAction } from './instance-actions.ts';

const UUID = 'INSTANCE_1';

describe('actions by state (dashboard.md §4)', () => {
  it.each<[InstanceState, string[]]>([
    ['Stopped', ['start']],
    ['Running', ['stop', 'restart']],
    ['Starting', ['kill']],
    ['Stopping', ['kill']],
    ['Error', ['restart']],
  ])('%s offers %j', (state, actions) => {
    expect(actionsForState(state)).toEqual(actions);
  });
});

describe('action gating (dashboard.md §6)', () => {
  const withPerms = (start: string[], stop: string[]) =>
    viewerOf(
      publicUser({
        permissions: { ...emptyPermissions(), can_start_instance: start, can_stop_instance: stop },
      }),
      true,
    );

  it('start needs can_start_instance for this instance', () => {
    expect(canRunAction(withPerms([UUID], []), 'start', UUID)).toBe(true);
    expect(canRunAction(withPerms(['OTHER'], []), 'start', UUID)).toBe(false);
  });

  it('stop and kill need can_stop_instance', () => {
    const user = withPerms([], [UUID]);
    expect(canRunAction(user, 'stop', UUID)).toBe(true);
    expect(canRunAction(user, 'kill', UUID)).toBe(true);
    expect(canRunAction(user, 'start', UUID)).toBe(false);
  });

  it('restart needs both', () => {
    expect(canRunAction(withPerms([UUID], []), 'restart', UUID)).toBe(false);
    expect(canRunAction(withPerms([], [UUID]), 'restart', UUID)).toBe(false);
    expect(canRunAction(withPerms([UUID], [UUID]), 'restart', UUID)).toBe(true);
  });

  it('the owner may do everything, a guest nothing', () => {
    expect(
      actionButtons(viewerOf(publicUser({ is_owner: true }), true), 'Running', UUID).every(
        (b) => b.allowed,
      ),
    ).toBe(true);
    expect(actionButtons(undefined, 'Stopped', UUID)).toEqual([
      { action: 'start', label: 'Start', allowed: false },
    ]);
  });
});

describe('the buttons read the table the core checks', () => {
  // Every combination of the two power grants: a button is allowed exactly when every permission
  // the protocol's POWER_ACTION_PERMISSIONS names for it is held (the core's route and a schedule's
  // Power step read the same table).
  const grants: [string[], string[]][] = [
    [[], []],
    [[UUID], []],
    [[], [UUID]],
    [[UUID], [UUID]],
  ];
  it.each(grants)('start %j, stop %j', (start, stop) => {
    const user = publicUser({
      permissions: { ...emptyPermissions(), can_start_instance: start, can_stop_instance: stop },
    });
    for (const action of Object.keys(POWER_ACTION_PERMISSIONS) as PowerAction[]) {
      const expected = POWER_ACTION_PERMISSIONS[action].every((type) =>
        canPerform(principalOf(user), { type, instance: UUID }, false),
      );
      expect(canRunAction(viewerOf(user, true), action, UUID)).toBe(expected);
    }
  });
});
