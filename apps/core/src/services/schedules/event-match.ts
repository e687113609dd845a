import isSafeRegex from 'safe-regex2';
import type { ClientEvent, ScheduleTrigger } from '@hearth/protocol';
import { badRequest } from '../../errors.ts';

/** Console lines are tested on at most this many characters. */
const LINE_TEST_MAX = 4096;

/**
 * A console-line pattern runs on every line the server prints, in the core's own thread: one that
 * can backtrack exponentially (nested quantifiers such as `(a+)+`) would freeze the core, so it is
 * refused when saved.
 */
export function compileLinePattern(pattern: string): RegExp {
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch {
    throw badRequest('Pattern is not a valid regular expression');
  }
  if (!isSafeRegex(re))
    throw badRequest(
      'Pattern could take too long to match',
      'Avoid nested repetition such as (a+)+',
    );
  return re;
}

function names(players: readonly { name: string }[]): string {
  return players.map((p) => p.name).join(', ');
}

/**
 * Whether `event` fires an event trigger of `instanceUuid`; returns the cause in words, or null.
 * Crashes are told apart from stops by the event's exit reason (`crash`), which the supervisor
 * sets on the Stopped of a crash that restarts and on the Error of one that does not.
 */
export function matchEvent(
  trigger: ScheduleTrigger,
  linePattern: RegExp | null,
  instanceUuid: string,
  event: ClientEvent,
): string | null {
  const inner = event.event_inner;
  if (inner.type !== 'InstanceEvent' || inner.instance_uuid !== instanceUuid) return null;
  const e = inner.instance_event_inner;
  if (trigger.type === 'ConsoleLine') {
    if (e.type !== 'InstanceOutput' || linePattern === null) return null;
    const line = e.message.replace(/\r?\n$/, '').slice(0, LINE_TEST_MAX);
    return linePattern.test(line) ? `Console line: ${line.slice(0, 200)}` : null;
  }
  if (trigger.type !== 'Event') return null;
  const state = e.type === 'StateTransition' ? e.to : null;
  const crashed = e.type === 'StateTransition' && e.reason === 'crash';
  switch (trigger.event) {
    case 'InstanceStarted':
      return state === 'Running' ? 'Instance started' : null;
    case 'InstanceStopped':
      return state === 'Stopped' && !crashed ? 'Instance stopped' : null;
    case 'InstanceCrashed':
      return crashed && (state === 'Stopped' || state === 'Error') ? event.details : null;
    case 'PlayerJoined':
      return e.type === 'PlayerChange' && e.players_joined.length > 0
        ? `Player joined: ${names(e.players_joined)}`
        : null;
    case 'PlayerLeft':
      return e.type === 'PlayerChange' && e.players_left.length > 0
        ? `Player left: ${names(e.players_left)}`
        : null;
  }
}
