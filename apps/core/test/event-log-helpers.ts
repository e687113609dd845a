import path from 'node:path';
import type WebSocket from 'ws';
import { expect } from 'vitest';
import {
  LogEntrySchema,
  LogPageSchema,
  emptyLogFilter,
  logQueryParams,
  type LogEntry,
  type LogFilter,
  type LogPage,
} from '@hearth/protocol';
import type { TestCore } from './helpers.ts';
import {
  SocketFeed,
  isCreationEnd,
  writeNodeGameDefinition,
  type EventLog,
} from './instance-helpers.ts';

// Below Linux's ephemeral range (32768–60999): a port there can be the local end of any test's
// outgoing connection at the moment a start checks that it is free ("Port … is in use").
let nextPort = 20000 + Math.floor(Math.random() * 500) * 10;

/**
 * Creates a generic instance whose server is a Node process that runs until signalled (or exits
 * on its own), from a definition written into `dir`; returns its uuid.
 */
export async function createCheapInstance(
  t: TestCore,
  token: string,
  log: EventLog,
  dir: string,
  name: string,
  options: { script?: string; restartOnCrash?: boolean; output?: Record<string, string> } = {},
): Promise<string> {
  const port = ++nextPort;
  const url = await writeNodeGameDefinition(path.join(dir, `definition-${port}.mjs`), {
    name: 'cheap',
    displayName: 'Cheap',
    port,
    script: options.script ?? 'setInterval(() => {}, 1000)',
    output: options.output,
  });
  const res = await t.request('POST', '/instance/create_generic', {
    token,
    body: {
      url,
      setup_value: {
        name,
        setting_sections: {},
        restart_on_crash: options.restartOnCrash ?? false,
      },
    },
  });
  expect(res.status, res.text).toBe(200);
  const uuid = res.json as string;
  await log.wait(isCreationEnd(uuid), `creation of ${name}`);
  return uuid;
}

/** GET /activity/search with a filter; the answer parsed by the protocol schema. */
export async function searchLog(
  t: TestCore,
  token: string,
  filter: Partial<LogFilter> = {},
  page: { before?: string | null; limit?: number } = {},
): Promise<LogPage> {
  const query = logQueryParams({ ...emptyLogFilter(), ...filter }, page).toString();
  const res = await t.request('GET', `/activity/search${query ? `?${query}` : ''}`, { token });
  expect(res.status, res.text).toBe(200);
  return LogPageSchema.parse(res.json);
}

/** Live entries of WS /activity/stream as they arrive. */
export class LogStream extends SocketFeed<LogEntry> {
  readonly entries = this.items;

  private constructor(ws: WebSocket) {
    super(ws, (json) => LogEntrySchema.parse(json), 30_000);
  }

  static async open(t: TestCore, token: string, filter: Partial<LogFilter> = {}) {
    const params = logQueryParams({ ...emptyLogFilter(), ...filter });
    params.set('token', `Bearer ${token}`);
    return new LogStream(await t.socket(`/activity/stream?${params.toString()}`));
  }
}

/** The entry's instance event kind (StateTransition, InstanceInput, …) or its activity type. */
export function kindOf(entry: LogEntry): string {
  if (entry.source === 'activity') return entry.activity.type;
  const inner = entry.event_inner;
  return inner.type === 'InstanceEvent' ? inner.instance_event_inner.type : inner.type;
}

export const stateOf = (entry: LogEntry): string | null =>
  entry.source === 'event' &&
  entry.event_inner.type === 'InstanceEvent' &&
  entry.event_inner.instance_event_inner.type === 'StateTransition'
    ? entry.event_inner.instance_event_inner.to
    : null;
