// Issue 14: what users do lands in the event log once each, with who did it; the log is filtered,
// paged, exported and streamed live per viewer, and none of it leaks onto the Lodestone wire.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ClientEventSchema,
  MASKED_VALUE,
  emptyEventQuery,
  emptyPermissions,
  encodePathSegment,
  type LogEntry,
} from '@hearth/protocol';
import { instanceSettingActivity } from '../src/services/event-log/setting-activity.ts';
import { framesUntil, type TestCore } from './helpers.ts';
import {
  isState,
  startAndWaitRunning,
  stopAndWaitStopped,
  useOwnedCore,
  useScratch,
  type EventLog,
} from './instance-helpers.ts';
import { LogStream, createCheapInstance, kindOf, searchLog, stateOf } from './event-log-helpers.ts';

let t: TestCore;
let owner: string;
let log: EventLog;
let scratch: string;
let a: string;
let b: string;
let bob: { uid: string; token: string };

const byOwner = (e: LogEntry) => e.caused_by.type === 'User' && e.caused_by.user_name === 'owner';

useScratch('eventlog', (dir) => (scratch = dir));
useOwnedCore(
  async (core) => {
    ({ t, owner, log } = core);
    a = await createCheapInstance(t, owner, log, scratch, 'Alpha');
    b = await createCheapInstance(t, owner, log, scratch, 'Beta');
    bob = await t.createUser(owner, 'bob');
  },
  { stopTimeoutMs: 5000 },
);

describe('the event log records what users do', () => {
  it('power actions, a console command, a setting and a file — once each, with who did them', async () => {
    const running = log.next(isState(a, 'Running'), 'Alpha running');
    expect((await t.request('PUT', `/instance/${a}/start`, { token: owner })).status).toBe(200);
    await running;
    const sent = await t.request('POST', `/instance/${a}/console`, {
      token: owner,
      body: 'say hi',
    });
    expect(sent.status, sent.text).toBe(200);
    const port = await t.request('GET', `/instance/${a}/info`, { token: owner });
    const oldPort = (port.json as { port: number }).port;
    const changed = await t.request('PUT', `/instance/${a}/settings/instance_section/port`, {
      token: owner,
      body: { type: 'UnsignedInteger', value: oldPort + 5 },
    });
    expect(changed.status, changed.text).toBe(200);
    const wrote = await fetch(`${t.api}/instance/${a}/fs/${encodePathSegment('notes.txt')}/write`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(wrote.status).toBe(200);
    await stopAndWaitStopped(t, owner, log, a);

    const { entries } = await searchLog(t, owner, { instances: [a] });
    expect(entries.every((e) => e.instance_uuid === a)).toBe(true);
    const mine = entries.filter(byOwner);
    const starting = mine.filter((e) => stateOf(e) === 'Starting');
    const commands = mine.filter((e) => kindOf(e) === 'InstanceInput');
    const settings = mine.filter((e) => kindOf(e) === 'InstanceSettingChanged');
    const files = mine.filter((e) => e.category === 'files');
    const stops = mine.filter((e) => stateOf(e) === 'Stopped');
    expect(starting).toHaveLength(1);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      category: 'console',
      event_inner: { instance_event_inner: { type: 'InstanceInput', message: 'say hi' } },
    });
    expect(settings).toHaveLength(1);
    expect(settings[0]).toMatchObject({
      category: 'settings',
      activity: {
        setting_id: 'instance_section/port',
        setting_name: 'Port',
        old_value: String(oldPort),
        new_value: String(oldPort + 5),
        secret: false,
      },
    });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ event_inner: { type: 'FSEvent', operation: 'Write' } });
    expect(stops).toHaveLength(1);
    // Newest first.
    const order = entries.map((e) => BigInt(e.snowflake));
    expect([...order].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0))).toEqual(order);
  });

  it('masks a secret setting’s values before anything is stored', () => {
    const activity = instanceSettingActivity(
      { uuid: a, name: 'Alpha' },
      { id: 's/rcon.password', name: 'RCON password', secret: true },
      'old-secret',
      'new-secret',
    );
    expect(activity).toMatchObject({
      old_value: MASKED_VALUE,
      new_value: MASKED_VALUE,
      secret: true,
    });
    expect(JSON.stringify(activity)).not.toMatch(/old-secret|new-secret/);
    expect(
      instanceSettingActivity(
        { uuid: a, name: 'Alpha' },
        { id: 'x', name: 'X', secret: false },
        '1',
        '1',
      ),
    ).toBeNull();
  });

  it('records core settings and permission changes with who made them', async () => {
    await t.request('PUT', '/global_settings/name', { token: owner, body: 'Logged Core' });
    const perms = { ...emptyPermissions(), can_view_instance: [a] };
    const res = await t.request('PUT', `/user/${bob.uid}/update_perm`, {
      token: owner,
      body: perms,
    });
    expect(res.status, res.text).toBe(200);
    const { entries } = await searchLog(t, owner, { categories: ['settings', 'users'] });
    const core = entries.find((e) => kindOf(e) === 'CoreSettingChanged');
    expect(core).toMatchObject({ activity: { setting_id: 'core_name', new_value: 'Logged Core' } });
    expect(core && byOwner(core)).toBe(true);
    const perm = entries.find(
      (e) =>
        e.source === 'event' &&
        e.event_inner.type === 'UserEvent' &&
        e.event_inner.user_id === bob.uid,
    );
    expect(perm && byOwner(perm)).toBe(true);
  });
});

describe('what each viewer sees', () => {
  it('shows a user who sees one instance only that instance’s entries (and their own)', async () => {
    // bob holds can_view_instance on Alpha only (previous test).
    const all = await searchLog(t, bob.token, {}, { limit: 500 });
    expect(all.entries.length).toBeGreaterThan(0);
    for (const e of all.entries) {
      if (e.instance_uuid !== null) expect(e.instance_uuid).toBe(a);
      else expect(['users', 'tunnels', 'tasks']).toContain(e.category);
      // No console, file or settings entries without those permissions.
      expect(['console', 'files', 'settings']).not.toContain(e.category);
      if (e.source === 'event' && e.event_inner.type === 'UserEvent')
        expect(e.event_inner.user_id).toBe(bob.uid);
    }
    expect(all.entries.some((e) => stateOf(e) === 'Starting')).toBe(true);
    expect((await searchLog(t, bob.token, { instances: [b] })).entries).toEqual([]);
    // The owner sees what bob does not.
    expect((await searchLog(t, owner, { instances: [b] })).entries.length).toBeGreaterThan(0);
  });

  it('streams new entries live, filtered and permission-checked per viewer', async () => {
    const bobs = await LogStream.open(t, bob.token, { categories: ['state'] });
    const owners = await LogStream.open(t, owner, { instances: [b], categories: ['state'] });
    const startedB = log.next(isState(b, 'Running'), 'Beta running');
    const start = await t.request('PUT', `/instance/${b}/start`, { token: owner });
    expect(start.status, start.text).toBe(200);
    await startedB;
    const seen = await owners.wait(
      (e) => stateOf(e) === 'Running',
      'Beta Running on the owner stream',
    );
    expect(seen.instance_uuid).toBe(b);
    await startAndWaitRunning(t, owner, log, a);
    await bobs.wait(
      (e) => stateOf(e) === 'Running' && e.instance_uuid === a,
      'Alpha on bob’s stream',
    );
    expect(bobs.entries.every((e) => e.instance_uuid === a && e.category === 'state')).toBe(true);
    expect(owners.entries.every((e) => e.instance_uuid === b)).toBe(true);
    for (const uuid of [a, b]) await stopAndWaitStopped(t, owner, log, uuid);
    bobs.close();
    owners.close();
  });
});

describe('searching the log', () => {
  it('filters by kind, who, level and text, and pages by cursor', async () => {
    const consoleOnly = await searchLog(t, owner, { categories: ['console'] });
    expect(consoleOnly.entries.length).toBeGreaterThan(0);
    expect(consoleOnly.entries.every((e) => e.category === 'console')).toBe(true);
    const system = await searchLog(t, owner, { actors: ['@system'] });
    expect(system.entries.every((e) => e.caused_by.type !== 'User')).toBe(true);
    const owners = await searchLog(t, owner, { actors: [await userId(owner)] });
    expect(owners.entries.every(byOwner)).toBe(true);
    const text = await searchLog(t, owner, { text: 'SAY HI' });
    expect(text.entries.map(kindOf)).toEqual(['InstanceInput']);
    const errors = await searchLog(t, owner, { levels: ['Error'] });
    expect(errors.entries.every((e) => e.level === 'Error')).toBe(true);

    const everything = await searchLog(t, owner, {}, { limit: 500 });
    const walked: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 100; i++) {
      const page = await searchLog(t, owner, {}, { before, limit: 3 });
      walked.push(...page.entries.map((e) => e.snowflake));
      if (!page.next_cursor) break;
      before = page.next_cursor;
    }
    expect(walked).toEqual(everything.entries.map((e) => e.snowflake));
  });

  it('refuses a bad filter with a 400 that says which parameter', async () => {
    const res = await t.request('GET', '/activity/search?kind=nonsense', { token: owner });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ kind: 'BadRequest' });
    expect(JSON.stringify(res.json)).toContain('kind');
    expect((await t.request('GET', '/activity/search?limit=0', { token: owner })).status).toBe(400);
    expect((await t.request('GET', '/activity/search')).status).toBe(401);
  });

  it('exports the filtered view as JSON lines and as CSV', async () => {
    const jsonl = await fetch(`${t.api}/activity/export?format=jsonl&instance=${a}`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get('content-type')).toContain('application/x-ndjson');
    expect(jsonl.headers.get('content-disposition')).toMatch(
      /attachment; filename="hearth-event-log-.*\.jsonl"/,
    );
    const lines = (await jsonl.text()).trimEnd().split('\n');
    const expected = await searchLog(t, owner, { instances: [a] }, { limit: 500 });
    expect(lines.map((l) => (JSON.parse(l) as LogEntry).snowflake)).toEqual(
      expected.entries.map((e) => e.snowflake),
    );
    const csv = await fetch(`${t.api}/activity/export?format=csv&kind=console`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = (await csv.text()).trimEnd().split('\r\n');
    expect(rows[0]).toBe('time,level,kind,instance,instance_uuid,who,summary,detail,snowflake');
    expect(rows[1]).toContain(`,console,Alpha,${a},owner,"Command ""say hi"" sent by owner",`);
    const bad = await t.request('GET', '/activity/export?format=xml', { token: owner });
    expect(bad.status).toBe(400);
  });
});

describe('the Lodestone wire', () => {
  it('never carries Hearth activity: not in /events/search, the buffer or the event stream', async () => {
    const stream = await t.socket(
      `/events/all/stream?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery(owner)))}`,
    );
    // A user's creation (a Lodestone event) follows the description change: the frames up to it
    // would hold the change had it gone out on the stream.
    const frames = framesUntil<unknown>(stream, (f) => {
      const event = ClientEventSchema.safeParse(f);
      return event.success && event.data.event_inner.type === 'UserEvent';
    });
    await t.request('PUT', `/instance/${a}/description`, { token: owner, body: 'described' });
    await t.createUser(owner, 'wire-signal');
    const received = await frames;
    stream.close();
    for (const frame of received) expect(ClientEventSchema.safeParse(frame).success).toBe(true);
    const { entries } = await searchLog(t, owner, { text: 'described' });
    expect(entries.map(kindOf)).toEqual(['InstanceSettingChanged']);

    const query = encodeURIComponent(JSON.stringify(emptyEventQuery()));
    const search = await t.request('GET', `/events/search?filter=${query}`, { token: owner });
    const events = z.array(z.unknown()).parse(search.json);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(ClientEventSchema.safeParse(e).success).toBe(true);
    const buffer = await t.request('GET', `/events/all/buffer?filter=${query}`, { token: owner });
    for (const e of z.array(z.unknown()).parse(buffer.json))
      expect(ClientEventSchema.safeParse(e).success).toBe(true);
  });
});

async function userId(token: string): Promise<string> {
  return ((await t.request('GET', '/user/info', { token })).json as { uid: string }).uid;
}
