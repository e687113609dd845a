// Issue 28, sessions, through the HTTP API of a real core: every sign-in is a session with its
// device, address and times; a JWT names its session and is refused once it is gone; a user signs
// out one session or all the others, the owner anyone's; a signed-out session's sockets close at
// once (4001) while the user's other sessions carry on.
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { JWT_LIFETIME_SECONDS, SessionSchema, UserAccessSchema } from '@hearth/protocol';
import { eachAccessCore, loginAs, sidOf, tokenOf } from './access-helpers.ts';
import { LogStream } from './event-log-helpers.ts';
import { waitForClose, type TestCore } from './helpers.ts';

const openCore = eachAccessCore();

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function sessionsOf(core: TestCore, token: string, uid: string) {
  const res = await core.request('GET', `/user/${uid}/sessions`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.json as unknown[]).map((s) => SessionSchema.parse(s));
}

const socketFor = (core: TestCore, token: string) =>
  core.socket(`/activity/stream?token=${encodeURIComponent(`Bearer ${token}`)}`);

describe('sessions', () => {
  it('lists each sign-in with its device and address, and marks the current one', async () => {
    const { t, owner } = await openCore();
    const alice = await t.createUser(owner, 'alice', 'alice-pw');
    const browser = tokenOf(await loginAs(t, 'alice', 'alice-pw', FIREFOX));
    const script = tokenOf(await loginAs(t, 'alice', 'alice-pw', 'curl/8.5.0'));
    const list = await sessionsOf(t, browser, alice.uid);
    // The session of POST /user (the owner made alice) is hers too.
    expect(list).toHaveLength(3);
    const mine = list.find((s) => s.current)!;
    expect(mine).toMatchObject({
      id: sidOf(browser),
      device: 'Firefox on Linux',
      user_agent: FIREFOX,
      address: '127.0.0.1',
      two_factor: false,
    });
    // It ends when its token does.
    expect(mine.expires_at).toBe(decodeJwt(browser).exp! * 1000);
    expect(mine.expires_at - mine.created_at).toBeGreaterThan((JWT_LIFETIME_SECONDS - 60) * 1000);
    expect(list.find((s) => s.id === sidOf(script))).toMatchObject({
      device: 'curl',
      current: false,
    });
  });

  it('signs one session out: its token dies and its sockets close, the others carry on', async () => {
    const { t, owner } = await openCore();
    const alice = await t.createUser(owner, 'alice', 'alice-pw');
    const laptop = tokenOf(await loginAs(t, 'alice', 'alice-pw', FIREFOX));
    const phone = tokenOf(await loginAs(t, 'alice', 'alice-pw', 'phone'));
    const log = await LogStream.open(t, owner);
    const phoneSocket = await socketFor(t, phone);
    const laptopSocket = await socketFor(t, laptop);
    const phoneClosed = waitForClose(phoneSocket);

    const res = await t.request('DELETE', `/user/${alice.uid}/sessions/${sidOf(phone)}`, {
      token: laptop,
    });
    expect(res.status, res.text).toBe(200);
    expect(await phoneClosed).toBe(4001);
    expect((await t.request('GET', '/user/info', { token: phone })).json).toEqual({
      kind: 'Unauthorized',
      causes: ['Session ended'],
    });
    expect((await t.request('GET', '/user/info', { token: laptop })).status).toBe(200);
    expect(laptopSocket.readyState).toBe(laptopSocket.OPEN);
    const entry = await log.wait(
      (e) =>
        e.source === 'activity' &&
        e.activity.type === 'AccountSecurity' &&
        e.activity.action === 'session_revoked',
      'the sign-out entry',
    );
    expect(entry.source === 'activity' && entry.activity).toMatchObject({
      detail: 'Unknown device',
    });
    // Gone from the list; a second sign-out of it is a 404.
    expect((await sessionsOf(t, laptop, alice.uid)).map((s) => s.id)).not.toContain(sidOf(phone));
    const again = await t.request('DELETE', `/user/${alice.uid}/sessions/${sidOf(phone)}`, {
      token: laptop,
    });
    expect(again.status).toBe(404);
    laptopSocket.close();
    log.close();
  });

  it('signs out every other session of yours, keeping this one', async () => {
    const { t, owner } = await openCore();
    const alice = await t.createUser(owner, 'alice', 'alice-pw');
    const here = tokenOf(await loginAs(t, 'alice', 'alice-pw'));
    const there = tokenOf(await loginAs(t, 'alice', 'alice-pw'));
    const res = await t.request('POST', `/user/${alice.uid}/sessions/revoke_others`, {
      token: here,
    });
    expect(res.json).toEqual({ revoked: 2 });
    expect((await t.request('GET', '/user/info', { token: there })).status).toBe(401);
    expect((await t.request('GET', '/user/info', { token: alice.token })).status).toBe(401);
    expect((await t.request('GET', '/user/info', { token: here })).status).toBe(200);
    expect((await sessionsOf(t, here, alice.uid)).map((s) => s.id)).toEqual([sidOf(here)]);
  });

  it("lets the owner see and sign out anyone's sessions, and nobody else", async () => {
    const { t, owner } = await openCore();
    const alice = await t.createUser(owner, 'alice', 'alice-pw');
    const bob = await t.createUser(owner, 'bob', 'bob-pw');
    expect(
      (await t.request('GET', `/user/${alice.uid}/sessions`, { token: bob.token })).status,
    ).toBe(403);
    expect(
      (
        await t.request('DELETE', `/user/${alice.uid}/sessions/${sidOf(alice.token)}`, {
          token: bob.token,
        })
      ).status,
    ).toBe(403);
    const aliceSocket = await socketFor(t, alice.token);
    const closed = waitForClose(aliceSocket);
    const listed = await sessionsOf(t, owner, alice.uid);
    expect(listed.map((s) => s.id)).toEqual([sidOf(alice.token)]);
    expect(listed[0]!.current).toBe(false);
    const res = await t.request('DELETE', `/user/${alice.uid}/sessions/${sidOf(alice.token)}`, {
      token: owner,
    });
    expect(res.status).toBe(200);
    expect(await closed).toBe(4001);
    // The owner's overview: who has two-factor sign-in, live sessions, keys.
    const overview = await t.request('GET', '/access/users', { token: owner });
    expect(overview.status).toBe(200);
    const rows = (overview.json as unknown[]).map((r) => UserAccessSchema.parse(r));
    expect(rows.find((r) => r.uid === alice.uid)).toMatchObject({
      two_factor: false,
      sessions: 0,
      api_keys: 0,
    });
    expect(rows.find((r) => r.uid === bob.uid)).toMatchObject({ sessions: 1 });
    expect((await t.request('GET', '/access/users', { token: bob.token })).status).toBe(403);
  });

  it('refuses a correctly signed token that names no session', async () => {
    const { t } = await openCore();
    const user = t.core.ctx.users.list()[0]!;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ typ: 'JWT', alg: 'HS512' })
        .sign(new TextEncoder().encode(user.secret));
    // A token from before sessions existed ({uid, exp} only), and one naming a made-up session.
    for (const token of [
      await sign({ uid: user.uid, exp }),
      await sign({ uid: user.uid, exp, sid: 'SESSION_made-up' }),
    ])
      expect((await t.request('GET', '/user/info', { token })).json).toEqual({
        kind: 'Unauthorized',
        causes: ['Session ended'],
      });
  });

  it('a password change ends every session of that user, and their sockets', async () => {
    const { t, owner } = await openCore();
    const alice = await t.createUser(owner, 'alice', 'alice-pw');
    const other = tokenOf(await loginAs(t, 'alice', 'alice-pw'));
    const socket = await socketFor(t, other);
    const closed = waitForClose(socket);
    const res = await t.request('PUT', `/user/${alice.uid}/password`, {
      token: owner,
      body: { uid: alice.uid, old_password: null, new_password: 'new-pw' },
    });
    expect(res.status).toBe(200);
    expect(await closed).toBe(4001);
    expect(await sessionsOf(t, owner, alice.uid)).toEqual([]);
  });
});
