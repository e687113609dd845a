import type { ClientEvent, ConsoleLines, InstanceEventInner } from '@hearth/protocol';

// Console events as the core sends them (core-api.md §2.3), for this feature's tests.

export const INSTANCE_UUID = 'INSTANCE_1b4e28ba-2fa1-11d2-883f-0016d3cca427';

let nextSnowflake = 7_000_000_000_000_000_000n;

export function instanceEvent(
  inner: InstanceEventInner,
  options: { snowflake?: string; instance?: string } = {},
): ClientEvent {
  return {
    event_inner: {
      type: 'InstanceEvent',
      instance_uuid: options.instance ?? INSTANCE_UUID,
      instance_name: 'Squid',
      instance_event_inner: inner,
    },
    details: '',
    snowflake: options.snowflake ?? String(nextSnowflake++),
    level: 'Info',
    caused_by: { type: 'System' },
  };
}

/** An `InstanceOutput` line (with the trailing newline the core keeps). */
export function outputEvent(
  message: string,
  options: { snowflake?: string; instance?: string } = {},
): ClientEvent {
  return instanceEvent({ type: 'InstanceOutput', message: `${message}\n` }, options);
}

/** A run of output lines as a Hearth core's `batch=lines` stream sends them. */
export function outputRun(messages: string[], options: { instance?: string } = {}): ConsoleLines {
  return {
    type: 'ConsoleLines',
    instance_uuid: options.instance ?? INSTANCE_UUID,
    instance_name: 'Squid',
    snowflakes: messages.map(() => String(nextSnowflake++)),
    messages: messages.map((message) => `${message}\n`),
  };
}
