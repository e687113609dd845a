// Issue 16: console lines are not events to keep forever — they go to the instance's ring and to
// console viewers, never to SQLite; the disk an instance takes is shown.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  InstanceDiskSchema,
  consoleLinesEvents,
  parseConsoleMessage,
  type ClientEvent,
} from '@hearth/protocol';
import type { TestCore } from './helpers.ts';
import {
  createGenericInstance,
  freePort,
  isState,
  useOwnedCore,
  useScratch,
  writeNodeGameDefinition,
  type EventLog,
} from './instance-helpers.ts';

let t: TestCore;
let owner: string;
let log: EventLog;
let scratch: string;
const LINES = 3000;

useScratch('console-storage', (dir) => (scratch = dir));
useOwnedCore((core) => ({ t, owner, log } = core));

async function chattyInstance(): Promise<string> {
  const url = await writeNodeGameDefinition(path.join(scratch, 'chatty.ts'), {
    name: 'chatty',
    displayName: 'Chatty',
    port: await freePort(),
    script: `for (let i = 0; i < ${LINES}; i++) console.log('chatty line ' + i); setInterval(() => {}, 1000);`,
  });
  return (await createGenericInstance(t, owner, log, url, 'Chatty')).uuid;
}

describe('console output', () => {
  it('fills the console ring but never the database', async () => {
    const uuid = await chattyInstance();
    const running = log.next(isState(uuid, 'Running'), 'Chatty running');
    await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
    await running;
    let lines: ClientEvent[] = [];
    for (let i = 0; i < 200; i++) {
      lines = (await t.request('GET', `/instance/${uuid}/console/buffer`, { token: owner }))
        .json as ClientEvent[];
      const last = lines.at(-1)?.event_inner;
      if (
        last?.type === 'InstanceEvent' &&
        last.instance_event_inner.type === 'InstanceOutput' &&
        last.instance_event_inner.message.startsWith(`chatty line ${LINES - 1}`)
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(lines).toHaveLength(1024);
    t.core.ctx.events.flush();
    const stored = t.core.ctx.db
      .prepare("SELECT COUNT(*) AS n FROM client_events WHERE event_value LIKE '%InstanceOutput%'")
      .get() as { n: number };
    expect(stored.n).toBe(0);
    const states = t.core.ctx.db
      .prepare("SELECT COUNT(*) AS n FROM client_events WHERE event_value LIKE '%StateTransition%'")
      .get() as { n: number };
    expect(states.n).toBeGreaterThan(0);
    await t.request('PUT', `/instance/${uuid}/kill`, { token: owner });
  });

  it('streams batches of events (?batch=1) or runs of lines (?batch=lines) to a client that asks, single events otherwise — the same events each way', async () => {
    const uuid = await chattyInstance();
    const token = encodeURIComponent(`Bearer ${owner}`);
    const url = `/instance/${uuid}/console/stream?token=${token}`;
    const [batched, lines, single] = await Promise.all([
      t.socket(`${url}&batch=1`),
      t.socket(`${url}&batch=lines`),
      t.socket(url),
    ]);
    const got = {
      batched: [] as ClientEvent[],
      lines: [] as ClientEvent[],
      single: [] as ClientEvent[],
      messages: { batched: 0, lines: 0 },
      runs: 0,
    };
    batched.on('message', (data: Buffer) => {
      const parsed = JSON.parse(data.toString()) as ClientEvent[];
      expect(Array.isArray(parsed)).toBe(true);
      got.batched.push(...parsed);
      got.messages.batched++;
    });
    lines.on('message', (data: Buffer) => {
      const { items, skipped } = parseConsoleMessage(data.toString());
      expect(skipped).toBe(0);
      for (const item of items) {
        if (!('type' in item)) got.lines.push(item);
        else {
          got.runs++;
          got.lines.push(...consoleLinesEvents(item));
        }
      }
      got.messages.lines++;
    });
    single.on('message', (data: Buffer) => {
      const parsed = JSON.parse(data.toString()) as ClientEvent;
      expect(Array.isArray(parsed)).toBe(false);
      got.single.push(parsed);
    });
    const running = log.next(isState(uuid, 'Running'), 'second Chatty running');
    await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
    await running;
    const outputs = (events: ClientEvent[]) =>
      events.filter(
        (e) =>
          e.event_inner.type === 'InstanceEvent' &&
          e.event_inner.instance_event_inner.type === 'InstanceOutput',
      ).length;
    for (
      let i = 0;
      i < 400 &&
      (outputs(got.batched) < LINES || outputs(got.lines) < LINES || outputs(got.single) < LINES);
      i++
    )
      await new Promise((r) => setTimeout(r, 25));
    expect(outputs(got.single)).toBe(LINES);
    expect(got.batched).toEqual(got.single);
    expect(got.lines).toEqual(got.single);
    expect(got.messages.batched).toBeLessThan(LINES);
    expect(got.messages.lines).toBeLessThan(LINES);
    expect(got.runs).toBeGreaterThan(0);
    batched.close();
    lines.close();
    single.close();
    await t.request('PUT', `/instance/${uuid}/kill`, { token: owner });
  });

  it('tells how much disk the instance folder takes', async () => {
    const uuid = (await t.request('GET', '/instance/list', { token: owner })).json as {
      uuid: string;
    }[];
    const first = uuid[0]!.uuid;
    const dir = t.core.ctx.instances.folder(first);
    await fs.writeFile(path.join(dir, 'world.dat'), Buffer.alloc(123_456));
    const res = await t.request('GET', `/instance/${first}/disk`, { token: owner });
    expect(res.status).toBe(200);
    const disk = InstanceDiskSchema.parse(res.json);
    expect(disk.folder_bytes).toBeGreaterThanOrEqual(123_456);
    expect(disk.files).toBeGreaterThanOrEqual(1);
  });
});
