import { describe, expect, it } from 'vitest';
import {
  deriveEventLevel,
  encodeSnowflake,
  logEntryOfEvent,
  type InstanceEventInner,
  type LogEntry,
} from '@hearth/protocol';
import { webhookEventsOf } from './webhook-events.ts';

function entry(inner: InstanceEventInner, details: string): LogEntry {
  const event_inner = {
    type: 'InstanceEvent' as const,
    instance_uuid: 'INSTANCE_a',
    instance_name: 'Survival',
    instance_event_inner: inner,
  };
  const made = logEntryOfEvent({
    event_inner,
    details,
    snowflake: encodeSnowflake(1_700_000_000_000),
    level: deriveEventLevel(event_inner),
    caused_by: { type: 'System' },
  });
  if (made === null) throw new Error('not a log entry');
  return made;
}

// A crash is told by the event's exit reason, never by the wording of its details.
describe('which webhook choices a state change is', () => {
  it('a Stopped after a crash (the server restarts) is a crash too', () => {
    const stop = { type: 'StateTransition', to: 'Stopped', reason: 'crash' } as const;
    expect(webhookEventsOf(entry(stop, 'Ended unexpectedly'))).toEqual(['state', 'crash']);
  });

  it('a stop is no crash, whatever its details say', () => {
    const stop = { type: 'StateTransition', to: 'Stopped', reason: 'stopped' } as const;
    expect(webhookEventsOf(entry(stop, 'Server crashed (not really)'))).toEqual(['state']);
  });

  it('the Error of a crash counts once, through its InstanceError', () => {
    const error = { type: 'StateTransition', to: 'Error', reason: 'crash' } as const;
    expect(webhookEventsOf(entry(error, 'Server crashed (exit code 1)'))).toEqual(['state']);
    const message = { type: 'InstanceError', message: 'x', reason: 'crash' } as const;
    expect(webhookEventsOf(entry(message, ''))).toEqual(['crash']);
  });
});
