import { describe, expect, it } from 'vitest';
import { parseHearthEventFrame } from './hearth-events.ts';
import { apiPaths } from './paths.ts';
import { emptyEventQuery } from './events.ts';

describe("Hearth's own event stream frames", () => {
  it('reads MacrosChanged and nothing else (a ClientEvent, garbage)', () => {
    expect(parseHearthEventFrame('{"type":"MacrosChanged","instance_uuid":"INSTANCE_a"}')).toEqual({
      type: 'MacrosChanged',
      instance_uuid: 'INSTANCE_a',
    });
    const event = {
      event_inner: { type: 'UserEvent', user_id: 'u', user_event_inner: { type: 'UserCreated' } },
      details: '',
      snowflake: '1',
      level: 'Info',
      caused_by: { type: 'System' },
    };
    expect(parseHearthEventFrame(JSON.stringify(event))).toBeNull();
    expect(parseHearthEventFrame('{"type":"Unknown"}')).toBeNull();
    expect(parseHearthEventFrame('not json')).toBeNull();
  });

  it('are asked for with hearth=1; without it the path is the reference one', () => {
    const query = emptyEventQuery('t');
    expect(apiPaths.eventsStream(query)).not.toContain('hearth');
    expect(apiPaths.eventsStream(query, { hearth: true })).toMatch(/&hearth=1$/);
  });
});
