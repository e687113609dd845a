import { describe, expect, it } from 'vitest';
import type { ClientEvent, InstanceEventInner, ScheduleTrigger } from '@hearth/protocol';
import { CoreError } from '../../errors.ts';
import { compileLinePattern, matchEvent } from './event-match.ts';

const UUID = 'i1';

function event(inner: InstanceEventInner, details = '', uuid = UUID): ClientEvent {
  return {
    event_inner: {
      type: 'InstanceEvent',
      instance_uuid: uuid,
      instance_name: 'x',
      instance_event_inner: inner,
    },
    details,
    snowflake: '1',
    level: 'Info',
    caused_by: { type: 'System' },
  };
}

const steve = { type: 'MinecraftPlayer', name: 'Steve', uuid: 's' } as const;
const on = (kind: Extract<ScheduleTrigger, { type: 'Event' }>['event']): ScheduleTrigger => ({
  type: 'Event',
  event: kind,
});

describe('matchEvent', () => {
  const joined = event({
    type: 'PlayerChange',
    player_list: [steve],
    players_joined: [steve],
    players_left: [],
  });
  const joinedElsewhere = event(
    { type: 'PlayerChange', player_list: [steve], players_joined: [steve], players_left: [] },
    '',
    'other',
  );
  const left = event({
    type: 'PlayerChange',
    player_list: [],
    players_joined: [],
    players_left: [steve],
  });
  const running = event({ type: 'StateTransition', to: 'Running' });
  const stopped = event({ type: 'StateTransition', to: 'Stopped' }, 'Instance stopped');
  const crashStop = event(
    { type: 'StateTransition', to: 'Stopped', reason: 'crash' },
    'Server crashed (exit code 1)',
  );
  const crashError = event(
    { type: 'StateTransition', to: 'Error', reason: 'crash' },
    'Server crashed (signal SIGSEGV)',
  );
  // The exit reason decides, not the wording of the details.
  const crashOtherWords = event(
    { type: 'StateTransition', to: 'Stopped', reason: 'crash' },
    'Ended unexpectedly',
  );
  const stopCrashWords = event(
    { type: 'StateTransition', to: 'Stopped', reason: 'stopped' },
    'Server crashed (not really)',
  );

  it.each<[string, ScheduleTrigger, ClientEvent, string | null]>([
    ['player joined', on('PlayerJoined'), joined, 'Player joined: Steve'],
    ['player left is not a join', on('PlayerJoined'), left, null],
    ['player left', on('PlayerLeft'), left, 'Player left: Steve'],
    ['started', on('InstanceStarted'), running, 'Instance started'],
    ['stopped', on('InstanceStopped'), stopped, 'Instance stopped'],
    ['a crash is not a stop', on('InstanceStopped'), crashStop, null],
    ['crash that restarts', on('InstanceCrashed'), crashStop, 'Server crashed (exit code 1)'],
    ['crash into Error', on('InstanceCrashed'), crashError, 'Server crashed (signal SIGSEGV)'],
    ['a stop is not a crash', on('InstanceCrashed'), stopped, null],
    ['a crash in other words', on('InstanceCrashed'), crashOtherWords, 'Ended unexpectedly'],
    ['a stop in crash words', on('InstanceCrashed'), stopCrashWords, null],
    ['a stop in crash words is a stop', on('InstanceStopped'), stopCrashWords, 'Instance stopped'],
    ['another instance', on('PlayerJoined'), joinedElsewhere, null],
  ])('%s', (_name, trigger, e, expected) => {
    expect(matchEvent(trigger, null, UUID, e)).toBe(expected);
  });

  it('tests console lines without their terminator', () => {
    const trigger: ScheduleTrigger = { type: 'ConsoleLine', pattern: 'hi$' };
    const pattern = compileLinePattern('hi$');
    expect(
      matchEvent(trigger, pattern, UUID, event({ type: 'InstanceOutput', message: '<a> hi\r\n' })),
    ).toBe('Console line: <a> hi');
    expect(
      matchEvent(trigger, pattern, UUID, event({ type: 'InstanceOutput', message: 'hip\n' })),
    ).toBeNull();
    expect(
      matchEvent(trigger, pattern, UUID, event({ type: 'InstanceInput', message: 'hi' })),
    ).toBeNull();
  });
});

describe('compileLinePattern', () => {
  it.each(['(a+)+$', '(x*)*y', '(.*a){12}'])('refuses %s (exponential backtracking)', (p) => {
    expect(() => compileLinePattern(p)).toThrow(CoreError);
  });

  it('accepts ordinary patterns and refuses invalid ones', () => {
    expect(compileLinePattern('joined the game$').test('Steve joined the game')).toBe(true);
    expect(() => compileLinePattern('(')).toThrow('Pattern is not a valid regular expression');
  });
});
