// Races on the user table through the HTTP API (issue 10, reproductions 2 and 3): the setup key is
// claimed once, and a taken username is a 400 however many requests race for it.
import { afterEach, describe, expect, it } from 'vitest';
import { PublicUserSchema } from '@hearth/protocol';
import { z } from 'zod';
import { startTestCore, type TestCore, type TestResponse } from './helpers.ts';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const TAKEN = { kind: 'BadRequest', causes: ['Username already exist'] };

async function usersOf(tc: TestCore, token: string) {
  const res = await tc.request('GET', '/user/list', { token });
  expect(res.status, res.text).toBe(200);
  return z.array(PublicUserSchema).parse(res.json);
}

const statuses = (responses: TestResponse[]) => responses.map((r) => r.status).sort();

describe('the setup key', () => {
  it('makes exactly one owner when 8 requests race for it', async () => {
    t = await startTestCore();
    const key = t.setupKey;
    const core = t;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        core.request('POST', `/setup/${key}`, {
          body: { username: `owner-${i}`, password: `password-${i}` },
        }),
      ),
    );
    expect(statuses(responses)).toEqual([200, 403, 403, 403, 403, 403, 403, 403]);
    for (const res of responses.filter((r) => r.status !== 200))
      expect(res.json).toEqual({ kind: 'PermissionDenied', causes: ['Setup key already used.'] });
    const winner = responses.find((r) => r.status === 200)!;
    const { token, user } = z
      .object({ token: z.string(), user: PublicUserSchema })
      .parse(winner.json);
    const users = await usersOf(t, token);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ uid: user.uid, is_owner: true });
    expect(t.core.ctx.users.list().filter((u) => u.isOwner)).toHaveLength(1);
    expect((await t.request('GET', '/info')).json).toMatchObject({ is_setup: true });
  });

  it('stays usable when the claimed setup fails (a bad name does not burn the key)', async () => {
    t = await startTestCore();
    const key = t.setupKey;
    const core = t;
    const [bad, good] = await Promise.all([
      core.request('POST', `/setup/${key}`, { body: { username: 'a:b', password: 'pw' } }),
      core.request('POST', `/setup/${key}`, { body: { username: 'alice', password: 'pw' } }),
    ]);
    expect(bad.status).toBe(400);
    expect(good.status, good.text).toBe(200);
  });
});

describe('a duplicate username', () => {
  it('is one 200 and five clear 400s when six creations race', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const core = t;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        core.request('POST', '/user', {
          token: owner,
          body: { username: 'bob', password: `password-${i}` },
        }),
      ),
    );
    expect(statuses(responses)).toEqual([200, 400, 400, 400, 400, 400]);
    for (const res of responses.filter((r) => r.status !== 200)) expect(res.json).toEqual(TAKEN);
    expect((await usersOf(t, owner)).filter((u) => u.username === 'bob')).toHaveLength(1);
  });

  it('is a clear 400 when renames and a creation race for the same name', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const core = t;
    const others = await Promise.all(
      ['u1', 'u2', 'u3', 'u4'].map((name) => core.createUser(owner, name)),
    );
    const responses = await Promise.all([
      core.request('POST', '/user', { token: owner, body: { username: 'carol', password: 'pw' } }),
      core.request('POST', '/user', { token: owner, body: { username: 'carol', password: 'pw' } }),
      ...others.map((u) =>
        core.request('PUT', `/user/${u.uid}/rename`, { token: owner, body: 'carol' }),
      ),
    ]);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of responses.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(400);
      expect(res.json).toEqual(TAKEN);
    }
    expect((await usersOf(t, owner)).filter((u) => u.username === 'carol')).toHaveLength(1);
  });

  it('is a 400 for a rename onto an existing user, and renaming to oneself is fine', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const bob = await t.createUser(owner, 'bob');
    await t.createUser(owner, 'dave');
    const clash = await t.request('PUT', `/user/${bob.uid}/rename`, { token: owner, body: 'dave' });
    expect(clash.status).toBe(400);
    expect(clash.json).toEqual(TAKEN);
    const same = await t.request('PUT', `/user/${bob.uid}/rename`, { token: owner, body: 'bob' });
    expect(same.status, same.text).toBe(200);
  });
});
