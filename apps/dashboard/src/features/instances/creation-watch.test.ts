import { describe, expect, it } from 'vitest';
import type { ClientEvent } from '@hearth/protocol';
import { clientEvent, instanceInfo } from '@/test/fixtures.ts';
import { CreationWatch, creationOutcome } from './creation-watch.ts';

const start = (id: string, uuid: string) =>
  clientEvent({
    type: 'ProgressionEvent',
    event_id: id,
    progression_event_inner: {
      type: 'ProgressionStart',
      progression_name: 'Setting up instance',
      total: 100,
      inner: { type: 'InstanceCreation', instance_uuid: uuid },
    },
  });
const created = (id: string, uuid: string, name: string) =>
  clientEvent({
    type: 'ProgressionEvent',
    event_id: id,
    progression_event_inner: {
      type: 'ProgressionEnd',
      success: true,
      message: 'Instance created successfully',
      inner: { type: 'InstanceCreation', ...instanceInfo({ uuid, name }) },
    },
  });
const failed = (id: string) =>
  clientEvent({
    type: 'ProgressionEvent',
    event_id: id,
    progression_event_inner: {
      type: 'ProgressionEnd',
      success: false,
      message: 'Instance creation failed: no space',
      inner: null,
    },
  });

function run(watch: CreationWatch, events: ClientEvent[]) {
  return events.map((e) => {
    const outcome = creationOutcome(e);
    return outcome ? watch.apply(outcome) : null;
  });
}

describe('CreationWatch (issue 15 #2)', () => {
  it('opens the instance whose creation it follows, by uuid', () => {
    const watch = new CreationWatch({ uuid: 'B', name: 'Beta' });
    expect(
      run(watch, [
        start('1', 'A'),
        created('1', 'A', 'Beta'),
        start('2', 'B'),
        created('2', 'B', 'Beta'),
      ]),
    ).toEqual([null, null, null, { open: 'B' }]);
  });

  it('matches by name when the core answered null (Lodestone create_generic)', () => {
    const watch = new CreationWatch({ uuid: null, name: 'Docker' });
    expect(run(watch, [created('1', 'A', 'Other'), created('2', 'D', 'Docker')])).toEqual([
      null,
      { open: 'D' },
    ]);
  });

  it('stops at the failure of its own progression only', () => {
    const watch = new CreationWatch({ uuid: 'B', name: 'Beta' });
    expect(run(watch, [start('1', 'A'), failed('1'), start('2', 'B'), failed('2')])).toEqual([
      null,
      null,
      null,
      'stop',
    ]);
  });
});
