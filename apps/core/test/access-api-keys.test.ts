// Issue 28, API keys, through the HTTP API of a real core: a key is shown once and kept hashed; it
// acts with what its scope AND its user hold at each request (so never more than the user, and
// less once the user has less); revoked and expired keys are refused; owner-only routes need an
// owner key scoped so; sockets take a key like a JWT and close when it is revoked; the event log
// says "via API key <name>".
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ApiKeyCreatedSchema,
  ApiKeySchema,
  apiPaths,
  describeLogEntry,
  emptyEventQuery,
  emptyPermissions,
  type ApiKeyScope,
  type UserPermission,
} from '@hearth/protocol';
import { eachAccessCore } from './access-helpers.ts';
import { LogStream } from './event-log-helpers.ts';
import { waitForClose, type TestCore } from './helpers.ts';

const openCore = eachAccessCore();

const scope = (permissions: Partial<UserPermission> = {}, isOwner = false): ApiKeyScope => ({
  is_owner: isOwner,
  is_admin: false,
  permissions: { ...emptyPermissions(), ...permissions },
});

async function createKey(
  core: TestCore,
  token: string,
  uid: string,
  name: string,
  keyScope: ApiKeyScope,
  expiresAt: number | null = null,
) {
  const res = await core.request('POST', `/user/${uid}/api_keys`, {
    token,
    body: { name, expires_at: expiresAt, scope: keyScope },
  });
  expect(res.status, res.text).toBe(200);
  return ApiKeyCreatedSchema.parse(res.json);
}

/** An owner, safe mode off, and alice who may read and write the global files. */
async function withAlice() {
  const { t, clock, owner } = await openCore();
  expect(
    (await t.request('PUT', '/global_settings/safe_mode', { token: owner, body: false })).status,
  ).toBe(200);
  const alice = await t.createUser(owner, 'alice', 'alice-pw');
  const grant = (permissions: Partial<UserPermission>) => t.grant(owner, alice.uid, permissions);
  await grant({ can_read_global_file: true, can_write_global_file: true });
  return { core: t, clock, owner, alice, grant };
}

describe('API keys', () => {
  it('act with what both the scope and the user hold, and shrink with the user', async () => {
    const { core, alice, grant } = await withAlice();
    const created = await createKey(core, alice.token, alice.uid, 'reader', {
      ...scope({ can_read_global_file: true }),
    });
    const key = created.secret;
    expect(key).toMatch(/^hth_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({
      name: 'reader',
      prefix: key.slice(0, 12),
      expires_at: null,
      last_used_at: null,
    });

    expect((await core.request('GET', apiPaths.globalFsLs('.'), { token: key })).status).toBe(200);
    const write = await core.request('PUT', apiPaths.globalFsWrite('k.txt'), {
      token: key,
      rawBody: 'x',
    });
    expect(write.status).toBe(403);
    const byPassword = await core.request('PUT', apiPaths.globalFsWrite('k.txt'), {
      token: alice.token,
      rawBody: 'x',
    });
    expect(byPassword.status).toBe(200);

    // The owner takes the read permission away: the key loses it at its next request.
    await grant({ can_write_global_file: true });
    expect((await core.request('GET', apiPaths.globalFsLs('.'), { token: key })).status).toBe(403);
    await grant({ can_read_global_file: true, can_write_global_file: true });
    expect((await core.request('GET', apiPaths.globalFsLs('.'), { token: key })).status).toBe(200);

    // Listed with its last use; stored as a hash only.
    const list = await core.request('GET', `/user/${alice.uid}/api_keys`, { token: alice.token });
    const [listed] = list.json as unknown[];
    expect(ApiKeySchema.parse(listed)).toMatchObject({
      id: created.key.id,
      last_used_address: '127.0.0.1',
    });
    expect(ApiKeySchema.parse(listed).last_used_at).not.toBeNull();
    const rows = core.core.ctx.db.prepare('SELECT * FROM api_keys').all();
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows).toMatchObject([{ hash: createHash('sha256').update(key).digest('hex') }]);

    // Revoked: refused at once.
    const revoke = await core.request('DELETE', `/user/${alice.uid}/api_keys/${created.key.id}`, {
      token: alice.token,
    });
    expect(revoke.status, revoke.text).toBe(200);
    expect((await core.request('GET', apiPaths.globalFsLs('.'), { token: key })).json).toEqual({
      kind: 'Unauthorized',
      causes: ['Invalid API key'],
    });
  });

  it('never holds more than its user: a wider scope is refused, naming what is too much', async () => {
    const { core, alice } = await withAlice();
    const tooMuch = await core.request('POST', `/user/${alice.uid}/api_keys`, {
      token: alice.token,
      body: {
        name: 'greedy',
        expires_at: null,
        scope: scope({ can_read_global_file: true, can_manage_permission: true }, true),
      },
    });
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.json).toEqual({
      kind: 'PermissionDenied',
      causes: ['An API key cannot hold more than you do: owner, can_manage_permission'],
    });
    const badName = await core.request('POST', `/user/${alice.uid}/api_keys`, {
      token: alice.token,
      body: { name: ' ', expires_at: null, scope: scope() },
    });
    expect(badName.json).toEqual({ kind: 'BadRequest', causes: ['Name is required'] });
    expect(
      (await core.request('GET', `/user/${alice.uid}/api_keys`, { token: alice.token })).json,
    ).toEqual([]);
  });

  it('expires: refused once its time has come', async () => {
    const { core, clock, alice } = await withAlice();
    const past = await core.request('POST', `/user/${alice.uid}/api_keys`, {
      token: alice.token,
      body: { name: 'old', expires_at: clock.now - 1, scope: scope() },
    });
    expect(past.json).toEqual({ kind: 'BadRequest', causes: ['The expiry must be in the future'] });
    const { secret } = await createKey(
      core,
      alice.token,
      alice.uid,
      'soon',
      scope({ can_read_global_file: true }),
      clock.now + 60_000,
    );
    expect((await core.request('GET', apiPaths.globalFsLs('.'), { token: secret })).status).toBe(
      200,
    );
    clock.now += 61_000;
    expect((await core.request('GET', apiPaths.globalFsLs('.'), { token: secret })).json).toEqual({
      kind: 'Unauthorized',
      causes: ['API key expired'],
    });
  });

  it('reaches owner-only routes only as an owner key, and the event log names it', async () => {
    const { core, owner, alice } = await withAlice();
    const ownerUid = core.core.ctx.users.list().find((u) => u.isOwner)!.uid;
    const narrow = await createKey(
      core,
      owner,
      ownerUid,
      'narrow',
      scope({ can_create_instance: true }),
    );
    expect((await core.request('GET', '/user/list', { token: narrow.secret })).status).toBe(403);
    expect(
      (await core.request('PUT', '/global_settings/name', { token: narrow.secret, body: 'X' }))
        .status,
    ).toBe(403);
    const aliceKey = await createKey(core, alice.token, alice.uid, 'mine', scope());
    expect((await core.request('GET', '/user/list', { token: aliceKey.secret })).status).toBe(403);

    const log = await LogStream.open(core, owner);
    const automation = await createKey(core, owner, ownerUid, 'automation', scope({}, true));
    expect((await core.request('GET', '/user/list', { token: automation.secret })).status).toBe(
      200,
    );
    const renamed = await core.request('PUT', '/global_settings/name', {
      token: automation.secret,
      body: 'Renamed by key',
    });
    expect(renamed.status, renamed.text).toBe(200);
    const entry = await log.wait(
      (e) => e.source === 'activity' && e.activity.type === 'CoreSettingChanged',
      'the setting change',
    );
    expect(entry.caused_by).toMatchObject({ type: 'User', api_key_name: 'automation' });
    expect(describeLogEntry(entry).title).toBe(
      'Core setting Core name changed by owner via API key automation',
    );
    log.close();
  });

  it('cannot manage account security or its own account', async () => {
    const { core, alice } = await withAlice();
    const { secret } = await createKey(core, alice.token, alice.uid, 'k', scope());
    const denied = 'Account security needs a signed-in session, not an API key or a task';
    for (const [method, route, body] of [
      ['GET', `/user/${alice.uid}/api_keys`, undefined],
      ['POST', `/user/${alice.uid}/api_keys`, { name: 'more', expires_at: null, scope: scope() }],
      ['GET', `/user/${alice.uid}/sessions`, undefined],
      ['POST', `/user/${alice.uid}/two_factor/setup`, undefined],
    ] as const)
      expect((await core.request(method, route, { token: secret, body })).json, route).toEqual({
        kind: 'PermissionDenied',
        causes: [denied],
      });
    expect(
      (await core.request('PUT', `/user/${alice.uid}/rename`, { token: secret, body: 'x' })).status,
    ).toBe(403);
    // Reading itself is fine.
    expect((await core.request('GET', '/user/info', { token: secret })).json).toMatchObject({
      username: 'alice',
    });
  });

  it('opens sockets (?token=Bearer and the event filter) that close when it is revoked', async () => {
    const { core, alice } = await withAlice();
    const created = await createKey(core, alice.token, alice.uid, 'watcher', scope());
    const query = encodeURIComponent(`Bearer ${created.secret}`);
    const activity = await core.socket(`/activity/stream?token=${query}`);
    const filter = encodeURIComponent(JSON.stringify(emptyEventQuery(created.secret)));
    const events = await core.socket(`/events/all/stream?filter=${filter}`);
    const closed = [waitForClose(activity), waitForClose(events)];
    const revoke = await core.request('DELETE', `/user/${alice.uid}/api_keys/${created.key.id}`, {
      token: alice.token,
    });
    expect(revoke.status).toBe(200);
    expect(await Promise.all(closed)).toEqual([4001, 4001]);
    await expect(core.socket(`/activity/stream?token=${query}`)).rejects.toThrow('401');
  });
});
