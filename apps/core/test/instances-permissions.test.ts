import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ClientEventSchema,
  InstanceInfoSchema,
  type ClientEvent,
  type UserPermission,
} from '@hearth/protocol';
import { framesUntil, nextFrame, type TestCore } from './helpers.ts';
import {
  EventLog,
  freePort,
  isCreationEnd,
  minecraftSetup,
  startAndWaitRunning,
  openInstanceSuite,
  type InstanceSuite,
  createVanilla,
} from './instance-helpers.ts';

let suite: InstanceSuite;
let t: TestCore;
let owner: string;
let log: EventLog;
let uuid: string;
let bob: { uid: string; token: string };

const bearer = (token: string) => encodeURIComponent(`Bearer ${token}`);

const grant = (uid: string, perms: Partial<UserPermission>) => t.grant(owner, uid, perms);

beforeAll(async () => {
  suite = await openInstanceSuite();
  ({ t, owner, log } = suite);
  uuid = (await createVanilla(t, owner, log, 'Private')).uuid;
  await startAndWaitRunning(t, owner, log, uuid);
  bob = await t.createUser(owner, 'bob');
});

afterAll(async () => {
  await suite?.close();
});

describe('a user without instance permissions', () => {
  it('gets 403 on every instance route, and 404 for unknown uuids', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', `/instance/${uuid}/info`],
      ['GET', `/instance/${uuid}/state`],
      ['PUT', `/instance/${uuid}/start`],
      ['PUT', `/instance/${uuid}/stop`],
      ['PUT', `/instance/${uuid}/restart`],
      ['PUT', `/instance/${uuid}/kill`],
      ['POST', `/instance/${uuid}/console`, 'stop'],
      ['GET', `/instance/${uuid}/console/buffer`],
      ['GET', `/instance/${uuid}/settings`],
      [
        'PUT',
        `/instance/${uuid}/settings/server_properties_section/max-players`,
        { type: 'UnsignedInteger', value: 1 },
      ],
      ['PUT', `/instance/${uuid}/name`, 'mine'],
      ['PUT', `/instance/${uuid}/auto_start`, true],
      ['PUT', `/instance/${uuid}/restart_on_crash`, true],
      ['GET', `/instance/${uuid}/players`],
      ['GET', `/instance/${uuid}/players/count`],
      ['GET', `/instance/${uuid}/players/max`],
      ['PUT', `/instance/${uuid}/players/max`, 5],
      ['DELETE', `/instance/${uuid}`],
      ['POST', '/instance/create/MinecraftJavaVanilla', minecraftSetup('x', '1.20.4', 25565)],
      ['GET', '/setup_manifest/MinecraftJavaVanilla'],
      ['PUT', '/generic_setup_manifest', { url: 'file:///nowhere.ts' }],
    ];
    for (const [method, route, body] of routes) {
      const res = await t.request(method, route, { token: bob.token, body });
      expect(res.status, `${method} ${route}: ${res.text}`).toBe(403);
      expect((res.json as { kind: string }).kind).toBe('PermissionDenied');
    }
    expect(
      (await t.request('GET', '/instance/INSTANCE_missing/info', { token: bob.token })).status,
    ).toBe(404);
    expect((await t.request('GET', '/instance/list', { token: bob.token })).json).toEqual([]);
    expect((await t.request('GET', `/instance/${uuid}/state`, { token: owner })).json).toBe(
      'Running',
    );
  });

  it('cannot open its console stream or monitor (refused before the upgrade)', async () => {
    await expect(
      t.socket(`/instance/${uuid}/console/stream?token=${bearer(bob.token)}`),
    ).rejects.toThrow(/403/);
    await expect(t.socket(`/monitor/${uuid}?token=${bearer(bob.token)}`)).rejects.toThrow(/403/);
    await expect(t.socket(`/instance/${uuid}/console/stream`)).rejects.toThrow(/401/);
  });

  it('with view only: sees info, players and the monitor, but no console lines, even on the `all` stream', async () => {
    await grant(bob.uid, { can_view_instance: [uuid] });
    expect(
      InstanceInfoSchema.parse(
        (await t.request('GET', `/instance/${uuid}/info`, { token: bob.token })).json,
      ).uuid,
    ).toBe(uuid);
    expect(
      (await t.request('GET', `/instance/${uuid}/players/count`, { token: bob.token })).json,
    ).toBe(0);
    const monitor = await t.socket(`/monitor/${uuid}?token=${bearer(bob.token)}`);
    await nextFrame(monitor, () => true);
    monitor.close();
    expect(
      (await t.request('GET', `/instance/${uuid}/console/buffer`, { token: bob.token })).status,
    ).toBe(403);

    const bobAll = await t.socket(`/instance/all/console/stream?token=${bearer(bob.token)}`);
    const ownerAll = await t.socket(`/instance/all/console/stream?token=${bearer(owner)}`);
    // Bob is given the console after the secret line and must then see the next one: the frames
    // up to it would hold the secret line had he been sent it.
    const bobFrames = framesUntil<ClientEvent>(bobAll, (f) =>
      JSON.stringify(f).includes('[Server] public words'),
    );
    const ownerSaw = nextFrame<ClientEvent>(ownerAll, (f) =>
      JSON.stringify(f).includes('[Server] secret words'),
    );
    await t.request('POST', `/instance/${uuid}/console`, {
      token: owner,
      body: 'say secret words',
    });
    await ownerSaw;
    await grant(bob.uid, { can_view_instance: [uuid], can_access_instance_console: [uuid] });
    await t.request('POST', `/instance/${uuid}/console`, {
      token: owner,
      body: 'say public words',
    });
    const frames = await bobFrames;
    expect(frames.some((f) => JSON.stringify(f).includes('secret words'))).toBe(false);
    await grant(bob.uid, { can_view_instance: [uuid] });
    bobAll.close();
    ownerAll.close();
  });
});

describe('a user who may create instances', () => {
  it('becomes able to view, start, stop and use the console of what they create, but not delete it', async () => {
    const carol = await t.createUser(owner, 'carol');
    await grant(carol.uid, { can_create_instance: true });
    const carolLog = await EventLog.open(t, carol.token);
    const res = await t.request('POST', '/instance/create/MinecraftJavaVanilla', {
      token: carol.token,
      body: minecraftSetup('Carol’s', '1.20.4', await freePort()),
    });
    expect(res.status, res.text).toBe(200);
    const created = res.json as string;
    const end = await carolLog.wait(isCreationEnd(created), 'carol sees her creation end');
    expect(ClientEventSchema.parse(end).caused_by).toMatchObject({
      type: 'User',
      user_name: 'carol',
    });

    const me = (await t.request('GET', '/user/info', { token: carol.token })).json as {
      permissions: UserPermission;
    };
    for (const key of [
      'can_view_instance',
      'can_start_instance',
      'can_stop_instance',
      'can_access_instance_console',
      'can_access_instance_setting',
      'can_read_instance_file',
      'can_write_instance_file',
    ] as const) {
      expect(me.permissions[key], key).toContain(created);
    }
    const list = z
      .array(InstanceInfoSchema)
      .parse((await t.request('GET', '/instance/list', { token: carol.token })).json);
    expect(list.map((i) => i.uuid)).toEqual([created]);
    await startAndWaitRunning(t, carol.token, carolLog, created);
    expect((await t.request('PUT', `/instance/${created}/kill`, { token: carol.token })).json).toBe(
      'ok',
    );
    expect((await t.request('DELETE', `/instance/${created}`, { token: carol.token })).status).toBe(
      403,
    );
    const generic = await t.request('PUT', '/generic_setup_manifest', {
      token: carol.token,
      body: { url: 'file:///nowhere.ts' },
    });
    expect(generic.status).toBe(403);
    expect((generic.json as { causes: string[] }).causes[0]).toMatch(/only the owner .* safe mode/);
    carolLog.close();
  });
});
