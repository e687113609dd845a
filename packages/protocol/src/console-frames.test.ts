import { describe, expect, it } from 'vitest';
import { consoleLinesEvents, parseConsoleMessage, type ConsoleLines } from './console-frames.ts';
import type { ClientEvent } from './events.ts';

const output = (message: string, snowflake: string): ClientEvent => ({
  event_inner: {
    type: 'InstanceEvent',
    instance_uuid: 'INSTANCE_a',
    instance_name: 'A',
    instance_event_inner: { type: 'InstanceOutput', message },
  },
  details: '',
  snowflake,
  level: 'Info',
  caused_by: { type: 'System' },
});

const run: ConsoleLines = {
  type: 'ConsoleLines',
  instance_uuid: 'INSTANCE_a',
  instance_name: 'A',
  snowflakes: ['11', '12'],
  messages: ['one\n', 'two\n'],
};

describe('console stream messages', () => {
  it('reads one event (the reference), an array of events (batch=1) and runs of lines (batch=lines)', () => {
    const one = output('one\n', '11');
    expect(parseConsoleMessage(JSON.stringify(one))).toEqual({ items: [one], skipped: 0 });
    expect(parseConsoleMessage(JSON.stringify([one, one])).items).toEqual([one, one]);
    const mixed = parseConsoleMessage(JSON.stringify([run, one]));
    expect(mixed).toEqual({ items: [run, one], skipped: 0 });
  });

  it('a run stands for the InstanceOutput events it replaces', () => {
    expect(consoleLinesEvents(run)).toEqual([output('one\n', '11'), output('two\n', '12')]);
  });

  it('leaves out what matches neither shape, and a run whose lists differ in length', () => {
    const uneven = { ...run, snowflakes: ['11'] };
    const numbers = { ...run, messages: [1, 2] };
    expect(
      parseConsoleMessage(JSON.stringify([uneven, numbers, { not: 'an event' }, run])),
    ).toEqual({ items: [run], skipped: 3 });
    expect(parseConsoleMessage('not json')).toEqual({ items: [], skipped: 1 });
  });
});
