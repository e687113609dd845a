import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.ts';

describe('event history retention options', () => {
  it('default to 90 days and 1,000,000 entries; flags win over HEARTH_* variables', () => {
    expect(parseConfig([], {}, '/tmp').eventRetention).toEqual({ days: 90, maxEvents: 1_000_000 });
    const env = { HEARTH_EVENT_RETENTION_DAYS: '7', HEARTH_EVENT_RETENTION_COUNT: '500' };
    expect(parseConfig([], env, '/tmp').eventRetention).toEqual({ days: 7, maxEvents: 500 });
    expect(
      parseConfig(['--event-retention-days', '0', '--event-retention-count=10'], env, '/tmp')
        .eventRetention,
    ).toEqual({ days: 0, maxEvents: 10 });
  });

  it('refuses values that are not whole, non-negative numbers', () => {
    for (const bad of ['-1', '1.5', 'forever'])
      expect(() => parseConfig(['--event-retention-days', bad], {}, '/tmp')).toThrow(ConfigError);
    expect(() => parseConfig([], { HEARTH_EVENT_RETENTION_COUNT: 'x' }, '/tmp')).toThrow(
      /Invalid event retention count: x/,
    );
  });
});
