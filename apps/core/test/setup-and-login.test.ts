import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientErrorSchema, CoreInfoSchema, LoginReplySchema } from '@hearth/protocol';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startTestCore, type TestCore } from './helpers.ts';
import { buildCore, defaultConfig } from '../src/app.ts';

let t: TestCore | null = null;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = null;
});

describe('first-run setup', () => {
  it('prints a 16-character key, accepts it once, and reports is_setup', async () => {
    t = await startTestCore();
    expect(t.setupKey).toMatch(/^[A-Za-z0-9]{16}$/);
    const before = CoreInfoSchema.parse((await t.request('GET', '/info')).json);
    expect(before).toMatchObject({ version: '0.5.1', is_setup: false });

    const wrong = await t.request('POST', '/setup/AAAAAAAAAAAAAAAA', {
      body: { username: 'alice', password: 'pw' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toEqual({ kind: 'PermissionDenied', causes: ['Invalid setup key.'] });

    const ok = await t.request('POST', `/setup/${t.setupKey}`, {
      body: { username: 'alice', password: 'pw' },
    });
    expect(ok.status).toBe(200);
    const reply = LoginReplySchema.parse(ok.json);
    expect(reply.user).toMatchObject({ username: 'alice', is_owner: true, is_admin: false });
    expect(decodeProtectedHeader(reply.token)).toEqual({ typ: 'JWT', alg: 'HS512' });
    const claims = decodeJwt(reply.token);
    // Hearth adds `sid`, the session the sign-in opened (issue 28; docs/compatibility.md).
    expect(Object.keys(claims).sort()).toEqual(['exp', 'sid', 'uid']);
    expect(claims.uid).toBe(reply.user.uid);
    expect(claims.exp! - Date.now() / 1000).toBeGreaterThan(59 * 24 * 3600);

    const again = await t.request('POST', `/setup/${t.setupKey}`, {
      body: { username: 'bob', password: 'pw' },
    });
    expect(again.status).toBe(403);
    expect(again.json).toEqual({ kind: 'PermissionDenied', causes: ['Setup key already used.'] });
    expect(CoreInfoSchema.parse((await t.request('GET', '/info')).json).is_setup).toBe(true);
  });

  it('rejects an empty username or password without consuming the key', async () => {
    t = await startTestCore();
    const res = await t.request('POST', `/setup/${t.setupKey}`, {
      body: { username: ' ', password: 'pw' },
    });
    expect(res.status).toBe(400);
    expect((await t.request('GET', '/info')).json).toMatchObject({ is_setup: false });
  });

  it('generates no key on a restart once an owner exists, and keeps the data', async () => {
    t = await startTestCore();
    await t.setupOwner('alice', 'pw');
    const dir = t.dataDir;
    await t.close();
    t = await startTestCore({}, dir);
    expect(t.setupKey).toBeNull();
    expect((await t.login('alice', 'pw')).status).toBe(200);
  });

  it('refuses a second core on the same data directory', async () => {
    t = await startTestCore();
    await expect(
      buildCore(defaultConfig({ dataDir: t.dataDir, port: 0, logLevel: 'silent' })),
    ).rejects.toThrow(/Another Hearth core/);
  });
});

describe('login', () => {
  it('accepts the right password and rejects a wrong one with the envelope', async () => {
    t = await startTestCore();
    await t.setupOwner('alice', 'secret-1');
    const good = await t.login('alice', 'secret-1');
    expect(good.status).toBe(200);
    expect(LoginReplySchema.parse(good.json).user.username).toBe('alice');
    const bad = await t.login('alice', 'nope');
    expect(bad.status).toBe(401);
    expect(bad.json).toEqual({ kind: 'Unauthorized', causes: ['Credential mismatch'] });
    const unknown = await t.login('nobody', 'nope');
    expect(unknown.status).toBe(401);
    const empty = await t.login('alice', '');
    expect(empty.status).toBe(400);
  });

  it('rate-limits repeated failures per username with a clear 429, even for the right password', async () => {
    t = await startTestCore();
    await t.setupOwner('alice', 'right');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.login('alice', `wrong-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const blocked = await t.login('alice', 'right');
    expect(blocked.status).toBe(429);
    const err = ClientErrorSchema.parse(blocked.json);
    expect(err.causes[0]).toMatch(/Too many login attempts, try again in \d+ seconds?/);
    // Another username is not blocked by alice's failures (the IP limit is higher).
    expect((await t.login('bob', 'x')).status).toBe(401);
  });
});

describe('tokens', () => {
  it('rotates the secret on password change so every old token dies', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner('alice', 'old-pw');
    const second = LoginReplySchema.parse((await t.login('alice', 'old-pw')).json).token;
    const uid = LoginReplySchema.parse((await t.login('alice', 'old-pw')).json).user.uid;
    expect((await t.request('GET', '/user/info', { token: owner })).status).toBe(200);

    const noOld = await t.request('PUT', `/user/${uid}/password`, {
      token: owner,
      body: { uid, old_password: null, new_password: 'new-pw' },
    });
    expect(noOld.status).toBe(400);
    expect(noOld.json).toEqual({
      kind: 'BadRequest',
      causes: ['You must provide your old password'],
    });
    const wrongOld = await t.request('PUT', `/user/${uid}/password`, {
      token: owner,
      body: { uid, old_password: 'x', new_password: 'new-pw' },
    });
    expect(wrongOld.status).toBe(401);

    const changed = await t.request('PUT', `/user/${uid}/password`, {
      token: owner,
      body: { uid, old_password: 'old-pw', new_password: 'new-pw' },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toBeNull();
    for (const token of [owner, second]) {
      const res = await t.request('GET', '/user/info', { token });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ kind: 'Unauthorized', causes: ['Invalid token'] });
    }
    expect((await t.login('alice', 'old-pw')).status).toBe(401);
    expect((await t.login('alice', 'new-pw')).status).toBe(200);
  });

  it('logout revokes the tokens of that user only', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const bob = await t.createUser(owner, 'bob');
    const res = await t.request('POST', `/user/logout/${bob.uid}`, { token: bob.token });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/user/info', { token: bob.token })).status).toBe(401);
    expect((await t.request('GET', '/user/info', { token: owner })).status).toBe(200);
  });

  it('reports an expired token as expired', async () => {
    t = await startTestCore();
    await t.setupOwner('alice', 'pw');
    const user = t.core.ctx.users.list()[0]!;
    // A live session, so that the expiry is what refuses the token.
    const signedIn = (await t.login('alice', 'pw')).json as { token: string };
    const sid = decodeJwt(signedIn.token).sid as string;
    const expired = await t.core.ctx.tokens.issue(
      user,
      sid,
      Math.floor(Date.now() / 1000) - 61 * 24 * 3600,
    );
    const res = await t.request('GET', '/user/info', { token: expired });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ kind: 'Unauthorized', causes: ['Token expired'] });
  });

  it('refuses a token it accepted before once it has expired', async () => {
    t = await startTestCore();
    const token = await t.setupOwner('alice', 'pw');
    expect((await t.request('GET', '/user/info', { token })).status).toBe(200);
    const exp = decodeJwt(token).exp!;
    // Only Date moves: the core's timers and sockets keep running.
    vi.useFakeTimers({ toFake: ['Date'], now: (exp + 61) * 1000 });
    const res = await t.request('GET', '/user/info', { token });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ kind: 'Unauthorized', causes: ['Token expired'] });
  });

  it('rejects missing, garbled and forged tokens with 401 envelopes', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    const missing = await t.request('GET', '/user/info');
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({
      kind: 'Unauthorized',
      causes: ['Authorization header is missing'],
    });
    const notBearer = await t.request('GET', '/user/info', {
      headers: { authorization: 'Token abc' },
    });
    expect(notBearer.status).toBe(401);
    const garbled = await t.request('GET', '/user/info', { token: 'not.a.jwt' });
    expect(garbled.status).toBe(401);
    const [h, p] = owner.split('.');
    const forged = await t.request('GET', '/user/info', { token: `${h}.${p}.${'A'.repeat(86)}` });
    expect(forged.status).toBe(401);
  });
});
