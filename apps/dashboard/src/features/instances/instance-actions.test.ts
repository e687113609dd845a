import { describe, expect, it } from 'vitest';
import { emptyPermissions } from '@hearth/protocol';
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
