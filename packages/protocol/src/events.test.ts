import { describe, expect, it } from 'vitest';
import {
  ClientEventSchema,
  EventQuerySchema,
  deriveEventLevel,
  emptyEventQuery,
  eventMatchesQuery,
  isConsoleEvent,
} from './events.ts';
import type { ClientEvent, EventInner, EventQueryInput } from './events.ts';

const A = 'INSTANCE_a';
const B = 'INSTANCE_b';
const ALICE = 'USER_alice';
const BOB = 'USER_bob';

function event(inner: unknown): ClientEvent {
  const event_inner = ClientEventSchema.shape.event_inner.parse(inner);
  return ClientEventSchema.parse({
    event_inner,
    details: '',
    snowflake: '215458041036935168',
    level: deriveEventLevel(event_inner),
    caused_by: { type: 'System' },
  });
}

const instance = (uuid: string, inner: unknown) =>
  event({
    type: 'InstanceEvent',
    instance_uuid: uuid,
    instance_name: 'S',
    instance_event_inner: inner,
  });
const user = (uid: string, inner: unknown) =>
  event({ type: 'UserEvent', user_id: uid, user_event_inner: inner });

const events = {
  aRunning: instance(A, { type: 'StateTransition', to: 'Running' }),
  aError: instance(A, { type: 'InstanceError', message: 'x' }),
  bWarning: instance(B, { type: 'InstanceWarning', message: 'x' }),
  bOutput: instance(B, { type: 'InstanceOutput', message: 'line\n' }),
  aliceCreated: user(ALICE, { type: 'UserCreated' }),
  bobRenamed: user(BOB, { type: 'UsernameChanged', new_username: 'robert' }),
  macroKilled: event({
    type: 'MacroEvent',
    instance_uuid: A,
    macro_pid: 1,
    macro_event_inner: { type: 'Stopped', exit_status: { type: 'Killed', time: 1 } },
  }),
  fs: event({ type: 'FSEvent', operation: 'Write', target: { type: 'File', path: '/x' } }),
  playit: event({
    type: 'PlayitggRunnerEvent',
    playitgg_runner_event_inner: { type: 'RunnerStarted' },
  }),
  progressFailed: event({
    type: 'ProgressionEvent',
    event_id: '1',
    progression_event_inner: { type: 'ProgressionEnd', success: false, message: null, inner: null },
  }),
};
type Name = keyof typeof events;

function matching(query: EventQueryInput): Name[] {
  const q = EventQuerySchema.parse(query);
  return (Object.keys(events) as Name[]).filter((name) => eventMatchesQuery(events[name], q));
}

describe('deriveEventLevel (core-api.md §2.3)', () => {
  const inner = (e: ClientEvent): EventInner => e.event_inner;

  it('instance events: InstanceError → Error, InstanceWarning → Warning, else Info', () => {
    expect(deriveEventLevel(inner(events.aError))).toBe('Error');
    expect(deriveEventLevel(inner(events.bWarning))).toBe('Warning');
    expect(deriveEventLevel(inner(events.aRunning))).toBe('Info');
    expect(deriveEventLevel(inner(instance(A, { type: 'StateTransition', to: 'Error' })))).toBe(
      'Info',
    );
  });

  it('macro events: Stopped with a non-Success exit is Error', () => {
    expect(deriveEventLevel(inner(events.macroKilled))).toBe('Error');
    const stopped = (exit_status: unknown) =>
      inner(
        event({
          type: 'MacroEvent',
          instance_uuid: null,
          macro_pid: 1,
          macro_event_inner: { type: 'Stopped', exit_status },
        }),
      );
    expect(deriveEventLevel(stopped({ type: 'Success', time: 1 }))).toBe('Info');
    expect(deriveEventLevel(stopped({ type: 'Error', time: 1, error_msg: 'e' }))).toBe('Error');
    expect(
      deriveEventLevel(
        inner(
          event({
            type: 'MacroEvent',
            instance_uuid: null,
            macro_pid: 1,
            macro_event_inner: { type: 'Started' },
          }),
        ),
      ),
    ).toBe('Info');
  });

  it('progression: only a failed end is Error', () => {
    expect(deriveEventLevel(inner(events.progressFailed))).toBe('Error');
    const progression = (p: unknown) =>
      inner(event({ type: 'ProgressionEvent', event_id: '1', progression_event_inner: p }));
    expect(
      deriveEventLevel(
        progression({ type: 'ProgressionEnd', success: true, message: null, inner: null }),
      ),
    ).toBe('Info');
    expect(
      deriveEventLevel(
        progression({ type: 'ProgressionUpdate', progress_message: '', progress: 1 }),
      ),
    ).toBe('Info');
    expect(
      deriveEventLevel(
        progression({ type: 'ProgressionStart', progression_name: 'p', total: null, inner: null }),
      ),
    ).toBe('Info');
  });

  it('user, fs and playit events are Info', () => {
    for (const e of [events.aliceCreated, events.bobRenamed, events.fs, events.playit])
      expect(deriveEventLevel(inner(e))).toBe('Info');
  });
});

describe('eventMatchesQuery (core-api.md §2.5)', () => {
  it('an empty query matches everything', () => {
    expect(matching({})).toEqual(Object.keys(events));
    expect(Object.values(events).every((e) => eventMatchesQuery(e, emptyEventQuery('tok')))).toBe(
      true,
    );
  });

  it('event_levels', () => {
    expect(matching({ event_levels: ['Error'] })).toEqual([
      'aError',
      'macroKilled',
      'progressFailed',
    ]);
    expect(matching({ event_levels: ['Warning', 'Error'] })).toEqual([
      'aError',
      'bWarning',
      'macroKilled',
      'progressFailed',
    ]);
  });

  it('event_types', () => {
    expect(matching({ event_types: ['UserEvent', 'FSEvent'] })).toEqual([
      'aliceCreated',
      'bobRenamed',
      'fs',
    ]);
    expect(matching({ event_types: [] })).toEqual([]);
  });

  it('event_instance_ids excludes every non-instance event, even one that names the instance', () => {
    expect(matching({ event_instance_ids: [A] })).toEqual(['aRunning', 'aError']);
    expect(matching({ event_instance_ids: [A, B] })).toEqual([
      'aRunning',
      'aError',
      'bWarning',
      'bOutput',
    ]);
  });

  it('instance_event_types requires an InstanceEvent of that kind', () => {
    expect(matching({ instance_event_types: ['StateTransition', 'InstanceOutput'] })).toEqual([
      'aRunning',
      'bOutput',
    ]);
  });

  it('user_event_types and event_user_ids require a UserEvent', () => {
    expect(matching({ user_event_types: ['UsernameChanged'] })).toEqual(['bobRenamed']);
    expect(matching({ event_user_ids: [ALICE] })).toEqual(['aliceCreated']);
  });

  it('all present constraints must hold together', () => {
    expect(matching({ event_instance_ids: [A], event_levels: ['Error'] })).toEqual(['aError']);
    expect(matching({ event_instance_ids: [A], user_event_types: ['UserCreated'] })).toEqual([]);
    expect(
      matching({
        event_types: ['InstanceEvent'],
        instance_event_types: ['InstanceWarning'],
        event_instance_ids: [A],
      }),
    ).toEqual([]);
  });

  it('time_range and bearer_token do not filter here', () => {
    expect(matching({ time_range: { start: 0, end: 1 }, bearer_token: 'x' })).toEqual(
      Object.keys(events),
    );
  });
});

describe('isConsoleEvent', () => {
  it('InstanceOutput, PlayerMessage and SystemMessage only', () => {
    expect(isConsoleEvent(events.bOutput)).toBe(true);
    expect(
      isConsoleEvent(instance(A, { type: 'PlayerMessage', player: 'p', player_message: 'm' })),
    ).toBe(true);
    expect(isConsoleEvent(instance(A, { type: 'SystemMessage', message: 'm' }))).toBe(true);
    expect(isConsoleEvent(instance(A, { type: 'InstanceInput', message: 'm' }))).toBe(false);
    expect(isConsoleEvent(events.aRunning)).toBe(false);
    expect(isConsoleEvent(events.aliceCreated)).toBe(false);
  });
});
