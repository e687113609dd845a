import { describe, expect, it } from 'vitest';
import type { ClientEvent, EventInner, ProgressionEndValue } from '@hearth/protocol';
import { applyInstanceEvent } from './instance-list-events.ts';
import { instanceInfo } from '@/test/fixtures.ts';

function event(inner: EventInner): ClientEvent {
  return {
    event_inner: inner,
    details: '',
    snowflake: '1',
    level: 'Info',
    caused_by: { type: 'System' },
  };
}

function instanceEvent(
  uuid: string,
  change: Extract<EventInner, { type: 'InstanceEvent' }>['instance_event_inner'],
) {
  return event({
    type: 'InstanceEvent',
    instance_uuid: uuid,
    instance_name: NAMES[uuid] ?? 'x',
    instance_event_inner: change,
  });
}

/** The successful end of a progression that did `inner`. */
function ended(inner: ProgressionEndValue): ClientEvent {
  return event({
    type: 'ProgressionEvent',
    event_id: '9',
    progression_event_inner: { type: 'ProgressionEnd', success: true, message: null, inner },
  });
}

const NAMES: Record<string, string> = { A: 'Alpha', B: 'Beta' };

const a = instanceInfo({ uuid: 'A', name: 'Alpha' });
const b = instanceInfo({ uuid: 'B', name: 'Beta', state: 'Running' });

describe('sidebar list events (dashboard.md §4)', () => {
  it('a state transition updates that instance only', () => {
    const next = applyInstanceEvent(
      [a, b],
      instanceEvent('A', { type: 'StateTransition', to: 'Starting' }),
    );
    expect(next.map((i) => i.state)).toEqual(['Starting', 'Running']);
  });

  it('an instance error sets Error', () => {
    const next = applyInstanceEvent(
      [a, b],
      instanceEvent('B', { type: 'InstanceError', message: 'crashed' }),
    );
    expect(next[1]?.state).toBe('Error');
  });

  it('a player change updates the player list and the count', () => {
    const steve = { type: 'MinecraftPlayer' as const, name: 'Steve', uuid: 'u1' };
    const next = applyInstanceEvent(
      [b],
      instanceEvent('B', {
        type: 'PlayerChange',
        player_list: [steve],
        players_joined: [steve],
        players_left: [],
      }),
    );
    expect(next[0]?.player_list).toEqual([steve]);
    expect(next[0]?.player_count).toBe(1);
  });

  it('the end of an instance creation adds the instance', () => {
    const created = instanceInfo({ uuid: 'C', name: 'Gamma' });
    const next = applyInstanceEvent([a], ended({ type: 'InstanceCreation', ...created }));
    expect(next.map((i) => i.uuid)).toEqual(['A', 'C']);
    expect(next[1]).toEqual(created);
  });

  it('the end of an instance deletion removes it', () => {
    const next = applyInstanceEvent([a, b], ended({ type: 'InstanceDelete', instance_uuid: 'A' }));
    expect(next.map((i) => i.uuid)).toEqual(['B']);
  });

  it('other events leave the list untouched (same array)', () => {
    const list = [a, b];
    expect(
      applyInstanceEvent(list, instanceEvent('A', { type: 'InstanceOutput', message: 'hi' })),
    ).toBe(list);
    expect(
      applyInstanceEvent(list, instanceEvent('Z', { type: 'StateTransition', to: 'Running' })),
    ).toBe(list);
    expect(
      applyInstanceEvent(
        list,
        event({ type: 'UserEvent', user_id: 'u', user_event_inner: { type: 'UserCreated' } }),
      ),
    ).toBe(list);
  });

  it('takes the name every instance event carries: a rename made elsewhere shows (issue 15 #7)', () => {
    const renamed = event({
      type: 'InstanceEvent',
      instance_uuid: 'A',
      instance_name: 'Alpha Prime',
      instance_event_inner: { type: 'StateTransition', to: 'Starting' },
    });
    expect(applyInstanceEvent([a, b], renamed)).toEqual([
      { ...a, name: 'Alpha Prime', state: 'Starting' },
      b,
    ]);
    const output = event({
      type: 'InstanceEvent',
      instance_uuid: 'B',
      instance_name: 'Beta',
      instance_event_inner: { type: 'InstanceOutput', message: 'hi' },
    });
    const list = [a, b];
    expect(applyInstanceEvent(list, output)).toBe(list);
  });
});
