import { afterEach, describe, expect, it } from 'vitest';
import { ClientEventSchema, emptyEventQuery, type ClientEvent } from '@hearth/protocol';
import { z } from 'zod';
import { framesUntil, nextFrame, startTestCore, waitForClose, type TestCore } from './helpers.ts';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const streamRoute = (token: string | null) =>
  `/events/all/stream?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery(token)))}`;
const bufferRoute = `/events/all/buffer?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery()))}`;

const isUserEvent = (kind: string, uid?: string) => (e: ClientEvent) =>
  e.event_inner.type === 'UserEvent' &&
  e.event_inner.user_event_inner.type === kind &&
  (uid === undefined || e.event_inner.user_id === uid);

describe('event buffer and stream', () => {
  it('buffers user events with the §2.3 envelope and streams new ones live', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const buffer = z
      .array(ClientEventSchema)
      .parse((await t.request('GET', bufferRoute, { token: owner })).json);
    expect(buffer.some(isUserEvent('UserCreated'))).toBe(true);
    const raw = (await t.request('GET', bufferRoute, { token: owner })).json as Record<
      string,
      unknown
    >[];
    expect(Object.keys(raw[0]!)).toEqual([
      'event_inner',
      'details',
      'snowflake',
      'level',
      'caused_by',
    ]);

    const ws = await t.socket(streamRoute(owner));
    const created = nextFrame<ClientEvent>(ws, (f) =>
      isUserEvent('UserCreated')(ClientEventSchema.parse(f)),
    );
    const bob = await t.createUser(owner, 'bob');
    const event = ClientEventSchema.parse(await created);
    expect(event.event_inner).toMatchObject({ type: 'UserEvent', user_id: bob.uid });
    expect(event.caused_by).toMatchObject({ type: 'User', user_name: 'owner' });
    ws.close();
  });

  it('keeps other users’ events from a user without permissions, but shows them their own', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const bob = await t.createUser(owner, 'bob');
    const ws = await t.socket(streamRoute(bob.token));
    // Bob's own permission change comes after carol's creation: the frames up to it would hold
    // carol's UserCreated if bob could see it.
    const seen = framesUntil<ClientEvent>(ws, (f) =>
      isUserEvent('PermissionChanged', bob.uid)(ClientEventSchema.parse(f)),
    );
    await t.createUser(owner, 'carol');
    await t.request('PUT', `/user/${bob.uid}/update_perm`, {
      token: owner,
      body: { ...(await ownPerms(t, bob.token)), can_create_instance: true },
    });
    const frames = (await seen).map((f) => ClientEventSchema.parse(f));
    expect(frames.some(isUserEvent('UserCreated'))).toBe(false);
    const buffer = z
      .array(ClientEventSchema)
      .parse((await t.request('GET', bufferRoute, { token: bob.token })).json);
    expect(
      buffer.every((e) => e.event_inner.type !== 'UserEvent' || e.event_inner.user_id === bob.uid),
    ).toBe(true);
    ws.close();
  });

  it('refuses a stream without or with a bad token before the upgrade', async () => {
    t = await startTestCore();
    await t.setupOwner();
    await expect(t.socket(streamRoute(null))).rejects.toThrow(/400/);
    await expect(t.socket(streamRoute('bogus'))).rejects.toThrow(/401/);
  });

  it('closes a deleted user’s socket at once and echoes client frames', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const bob = await t.createUser(owner, 'bob');
    const ws = await t.socket(streamRoute(bob.token));
    const echoed = new Promise<string>((resolve) =>
      ws.once('message', (d) => resolve(d.toString())),
    );
    ws.send('ping');
    expect(await echoed).toBe('ping');
    const closed = waitForClose(ws);
    await t.request('DELETE', `/user/${bob.uid}`, { token: owner });
    expect(await closed).toBe(4001);
  });

  it('persists events to SQLite and serves them through search', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    await t.createUser(owner, 'bob');
    const from = Date.now() - 60_000;
    const query = {
      ...emptyEventQuery(),
      event_types: ['UserEvent'],
      time_range: { start: from, end: Date.now() + 1000 },
    };
    const res = await t.request(
      'GET',
      `/events/search?filter=${encodeURIComponent(JSON.stringify(query))}`,
      { token: owner },
    );
    const events = z.array(ClientEventSchema).parse(res.json);
    expect(events.filter(isUserEvent('UserCreated')).length).toBe(2);
  });
});

async function ownPerms(tc: TestCore, token: string) {
  const info = (await tc.request('GET', '/user/info', { token })).json as {
    permissions: Record<string, unknown>;
  };
  return info.permissions;
}
