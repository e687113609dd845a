import { describe, expect, it } from 'vitest';
import { encodeSnowflake } from '@hearth/protocol';
import type { ClientEvent, EventInner } from '@hearth/protocol';
import { applyNotificationEvent } from './notification-events.ts';
import {
  EMPTY_NOTIFICATIONS,
  markAllSeen,
  progressPercent,
  unreadCount,
} from './notification-state.ts';
import type { NotificationState } from './notification-state.ts';

const T0 = Date.UTC(2024, 5, 1);
let seq = 0;
function event(inner: EventInner, ms = T0): ClientEvent {
  seq += 1;
  return {
    event_inner: inner,
    details: '',
    snowflake: encodeSnowflake(ms, seq),
    level: 'Info',
    caused_by: { type: 'System' },
  };
}
const progression = (
  inner: Extract<EventInner, { type: 'ProgressionEvent' }>['progression_event_inner'],
) => event({ type: 'ProgressionEvent', event_id: '77', progression_event_inner: inner });
const steve = { type: 'MinecraftPlayer' as const, name: 'Steve', uuid: 'u1' };
const alex = { type: 'MinecraftPlayer' as const, name: 'Alex', uuid: 'u2' };

function run(events: ClientEvent[], fresh = true): NotificationState {
  return events.reduce((state, e) => applyNotificationEvent(state, e, fresh), EMPTY_NOTIFICATIONS);
}

describe('notifications (dashboard.md §2, §4)', () => {
  it('tracks a progression from start to end, capped at the total, shown at most 99 %', () => {
    const start = progression({
      type: 'ProgressionStart',
      progression_name: 'Setting up Alpha',
      total: 100,
      inner: { type: 'InstanceCreation', instance_uuid: 'I1' },
    });
    let state = run([
      start,
      progression({ type: 'ProgressionUpdate', progress_message: 'Downloading', progress: 40 }),
    ]);
    expect(state.ongoing).toMatchObject([
      {
        title: 'Setting up Alpha',
        message: 'Downloading',
        progress: 40,
        total: 100,
        creationOf: 'I1',
      },
    ]);
    expect(progressPercent(state.ongoing[0]!)).toBe(40);
    state = applyNotificationEvent(
      state,
      progression({ type: 'ProgressionUpdate', progress_message: 'Almost', progress: 90 }),
      true,
    );
    expect(state.ongoing[0]?.progress).toBe(100);
    expect(progressPercent(state.ongoing[0]!)).toBe(99);
    state = applyNotificationEvent(
      state,
      progression({
        type: 'ProgressionEnd',
        success: true,
        message: 'Instance created successfully',
        inner: null,
      }),
      true,
    );
    expect(state.ongoing).toEqual([]);
    expect(state.items).toMatchObject([
      {
        title: 'Setting up Alpha',
        message: 'Instance created successfully',
        level: 'Info',
        fresh: true,
      },
    ]);
  });

  it('a failed progression ends as an error notification', () => {
    const state = run([
      progression({
        type: 'ProgressionStart',
        progression_name: 'Setting up Beta',
        total: 100,
        inner: null,
      }),
      progression({
        type: 'ProgressionEnd',
        success: false,
        message: 'Instance creation failed: no Java',
        inner: null,
      }),
    ]);
    expect(state.items[0]).toMatchObject({
      level: 'Error',
      message: 'Instance creation failed: no Java',
    });
  });

  it('an unknown total shows no percentage', () => {
    expect(progressPercent({ progress: 5, total: null })).toBeNull();
  });

  it('player changes read {players} Joined/Left {instance}', () => {
    const state = run([
      event({
        type: 'InstanceEvent',
        instance_uuid: 'I1',
        instance_name: 'Alpha',
        instance_event_inner: {
          type: 'PlayerChange',
          player_list: [steve],
          players_joined: [steve, alex],
          players_left: [],
        },
      }),
      event(
        {
          type: 'InstanceEvent',
          instance_uuid: 'I1',
          instance_name: 'Alpha',
          instance_event_inner: {
            type: 'PlayerChange',
            player_list: [],
            players_joined: [],
            players_left: [steve],
          },
        },
        T0 + 1000,
      ),
    ]);
    expect(state.items.map((i) => i.message)).toEqual([
      'Steve Left Alpha',
      'Steve, Alex Joined Alpha',
    ]);
  });

  it('state changes and instance errors become notifications; console output does not', () => {
    const state = run([
      event({
        type: 'InstanceEvent',
        instance_uuid: 'I1',
        instance_name: 'Alpha',
        instance_event_inner: { type: 'StateTransition', to: 'Running' },
      }),
      event(
        {
          type: 'InstanceEvent',
          instance_uuid: 'I1',
          instance_name: 'Alpha',
          instance_event_inner: { type: 'InstanceError', message: 'Crashed' },
        },
        T0 + 1,
      ),
      event(
        {
          type: 'InstanceEvent',
          instance_uuid: 'I1',
          instance_name: 'Alpha',
          instance_event_inner: { type: 'InstanceOutput', message: 'hi' },
        },
        T0 + 2,
      ),
    ]);
    expect(state.items.map((i) => [i.message, i.level])).toEqual([
      ['Crashed', 'Error'],
      ['Alpha is Running', 'Info'],
    ]);
  });

  it('buffered events are not fresh; opening the panel marks everything seen', () => {
    const e = event({
      type: 'InstanceEvent',
      instance_uuid: 'I1',
      instance_name: 'Alpha',
      instance_event_inner: { type: 'StateTransition', to: 'Stopped' },
    });
    expect(unreadCount(run([e], false))).toBe(0);
    const live = run([e], true);
    expect(unreadCount(live)).toBe(1);
    expect(unreadCount(markAllSeen(live))).toBe(0);
    expect(applyNotificationEvent(live, e, true)).toBe(live);
  });
});
