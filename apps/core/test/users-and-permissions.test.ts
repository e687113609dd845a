import { afterEach, describe, expect, it } from 'vitest';
import { PublicUserSchema, emptyPermissions } from '@hearth/protocol';
import { z } from 'zod';
import { startTestCore, type TestCore } from './helpers.ts';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const setSafeMode = (tc: TestCore, token: string, on: boolean) =>
  tc.request('PUT', '/global_settings/safe_mode', { token, body: on });

describe('user management and the permission guard', () => {
  it('lets the owner manage users even in safe mode (reference issue #399)', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    expect((await t.request('GET', '/global_settings', { token: owner })).json).toMatchObject({
      safe_mode: true,
    });
    const bob = await t.createUser(owner, 'bob');
    const list = z
      .array(PublicUserSchema)
      .parse((await t.request('GET', '/user/list', { token: owner })).json);
    expect(list.map((u) => u.username).sort()).toEqual(['bob', 'owner']);
    expect(list.find((u) => u.username === 'bob')!.permissions).toEqual(emptyPermissions());
    const dup = await t.request('POST', '/user', {
      token: owner,
      body: { username: 'bob', password: 'x' },
    });
    expect(dup.status).toBe(400);
    expect(dup.json).toEqual({ kind: 'BadRequest', causes: ['Username already exist'] });
    expect((await t.request('DELETE', `/user/${bob.uid}`, { token: owner })).json).toBe('ok');
    expect((await t.request('GET', '/user/info', { token: bob.token })).status).toBe(401);
  });

  it('counts a username in characters (code points), the rule the dashboard checks too', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const create = (username: string) =>
      t!.request('POST', '/user', { token: owner, body: { username, password: 'pw' } });
    // 32 emoji are 64 UTF-16 units: still 32 characters.
    expect((await create('😀'.repeat(32))).status).toBe(200);
    expect((await create('u'.repeat(33))).json).toEqual({
      kind: 'BadRequest',
      causes: ['Username cannot be longer than 32 characters'],
    });
    expect((await create('a:b')).json).toEqual({
      kind: 'BadRequest',
      causes: ['Username cannot contain control characters or ":"'],
    });
  });

  it('denies user management to a user without permissions', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const bob = await t.createUser(owner, 'bob');
    const carol = await t.createUser(owner, 'carol');
    for (const [method, route, body] of [
      ['GET', '/user/list', undefined],
      ['POST', '/user', { username: 'x', password: 'y' }],
      ['DELETE', `/user/${carol.uid}`, undefined],
      ['GET', `/user/${carol.uid}`, undefined],
      ['PUT', `/user/${carol.uid}/update_perm`, emptyPermissions()],
      ['PUT', `/user/${carol.uid}/rename`, 'mallory'],
      ['POST', `/user/logout/${carol.uid}`, undefined],
      ['PUT', '/global_settings/name', 'Mine now'],
    ] as const) {
      const res = await t.request(method, route, { token: bob.token, body });
      expect(res.status, `${method} ${route}`).toBe(403);
      expect(res.json).toMatchObject({ kind: 'PermissionDenied' });
    }
    // Reading oneself is always allowed.
    expect((await t.request('GET', `/user/${bob.uid}`, { token: bob.token })).status).toBe(200);
  });

  it('nobody deletes themselves', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const uid = PublicUserSchema.parse(
      (await t.request('GET', '/user/info', { token: owner })).json,
    ).uid;
    const res = await t.request('DELETE', `/user/${uid}`, { token: owner });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ kind: 'BadRequest', causes: ['You cannot delete yourself'] });
  });

  it('gates a permission manager by safe mode and by what they hold', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const manager = await t.createUser(owner, 'manager');
    const target = await t.createUser(owner, 'target');
    const managerPerms = {
      ...emptyPermissions(),
      can_manage_permission: true,
      can_view_instance: ['INSTANCE_a'],
    };
    expect(
      (
        await t.request('PUT', `/user/${manager.uid}/update_perm`, {
          token: owner,
          body: managerPerms,
        })
      ).status,
    ).toBe(200);

    // Safe mode on: ManagePermission is unsafe, so the manager is refused.
    const inSafe = await t.request('PUT', `/user/${target.uid}/update_perm`, {
      token: manager.token,
      body: { ...emptyPermissions(), can_view_instance: ['INSTANCE_a'] },
    });
    expect(inSafe.status).toBe(403);

    expect((await setSafeMode(t, owner, false)).status).toBe(200);
    const allowed = await t.request('PUT', `/user/${target.uid}/update_perm`, {
      token: manager.token,
      body: { ...emptyPermissions(), can_view_instance: ['INSTANCE_a'] },
    });
    expect(allowed.status).toBe(200);
    const notHeld = await t.request('PUT', `/user/${target.uid}/update_perm`, {
      token: manager.token,
      body: { ...emptyPermissions(), can_view_instance: ['INSTANCE_a', 'INSTANCE_b'] },
    });
    expect(notHeld.status).toBe(403);
    const targetInfo = PublicUserSchema.parse(
      (await t.request('GET', '/user/info', { token: target.token })).json,
    );
    expect(targetInfo.permissions.can_view_instance).toEqual(['INSTANCE_a']);
  });

  it('validates update_perm bodies', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const bob = await t.createUser(owner, 'bob');
    const res = await t.request('PUT', `/user/${bob.uid}/update_perm`, {
      token: owner,
      body: { can_view_instance: 'all' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ kind: 'BadRequest' });
  });

  it('renames with uniqueness and reports it as an event', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const bob = await t.createUser(owner, 'bob');
    expect(
      (await t.request('PUT', `/user/${bob.uid}/rename`, { token: bob.token, body: 'owner' }))
        .status,
    ).toBe(400);
    expect(
      (await t.request('PUT', `/user/${bob.uid}/rename`, { token: bob.token, body: 'robert' }))
        .status,
    ).toBe(200);
    expect((await t.login('robert', 'user-password')).status).toBe(200);
  });
});

describe('global settings', () => {
  it('lets only the owner change them, with the reference messages', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const bob = await t.createUser(owner, 'bob');
    expect((await t.request('GET', '/global_settings', { token: bob.token })).status).toBe(200);
    expect((await t.request('GET', '/global_settings')).status).toBe(401);

    const named = await t.request('PUT', '/global_settings/name', {
      token: owner,
      body: 'Survival Core',
    });
    expect(named.status).toBe(200);
    expect(named.text).toBe('');
    expect(
      (await t.request('PUT', '/global_settings/name', { token: owner, body: '' })).json,
    ).toEqual({
      kind: 'BadRequest',
      causes: ['Name cannot be empty'],
    });
    expect(
      (await t.request('PUT', '/global_settings/name', { token: owner, body: 'x'.repeat(33) }))
        .json,
    ).toEqual({
      kind: 'BadRequest',
      causes: ['Name too long'],
    });
    expect(
      (
        await t.request('PUT', '/global_settings/domain', {
          token: owner,
          body: 'play.example.org',
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.request('PUT', '/global_settings/domain', { token: owner, body: 'd'.repeat(254) }))
        .json,
    ).toEqual({
      kind: 'BadRequest',
      causes: ['Domain too long'],
    });
    expect(
      (await t.request('PUT', '/global_settings/playit_enabled', { token: owner, body: true }))
        .status,
    ).toBe(200);
    expect(
      (await t.request('PUT', '/global_settings/safe_mode', { token: owner, body: 'yes' })).status,
    ).toBe(400);
    expect((await t.request('GET', '/global_settings', { token: owner })).json).toEqual({
      core_name: 'Survival Core',
      safe_mode: true,
      domain: 'play.example.org',
      playit_enabled: true,
      // Hearth's own settings (issues 27 and 28), beside the reference's four.
      modrinth_enabled: true,
      require_two_factor: false,
    });
    expect((await t.request('GET', '/info')).json).toMatchObject({ core_name: 'Survival Core' });
    expect(
      (await t.request('PUT', '/global_settings/domain', { token: owner, body: '' })).status,
    ).toBe(200);
    expect((await t.request('GET', '/global_settings', { token: owner })).json).toMatchObject({
      domain: null,
    });
  });
});
