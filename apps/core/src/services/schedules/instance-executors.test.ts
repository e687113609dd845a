import { describe, expect, it } from 'vitest';
import { POWER_ACTION_PERMISSIONS, type PowerAction } from '@hearth/protocol';
import { stepActions } from './instance-executors.ts';

// A schedule's Power step asks for what the instance's power route asks for: both read the
// protocol's POWER_ACTION_PERMISSIONS (the route side is checked cell by cell in
// test/permission-matrix.test.ts).
describe('a Power step needs what its route needs', () => {
  it.each<PowerAction>(['start', 'stop', 'restart', 'kill'])('%s', (action) => {
    const asked = stepActions({ type: 'Power', action }, 'INSTANCE_a');
    expect(asked.map((a) => a.type)).toEqual(POWER_ACTION_PERMISSIONS[action]);
    expect(asked.every((a) => 'instance' in a && a.instance === 'INSTANCE_a')).toBe(true);
  });
});
