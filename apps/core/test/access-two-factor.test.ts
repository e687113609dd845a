// Issue 28, two-factor sign-in, through the HTTP API of a real core: a secret and its QR code,
// turned on only by a first code, ten recovery codes shown once; sign-in is the password, then a
// code; each step's code works once; a recovery code works once; wrong codes meet the password's
// throttle; turning it off takes a code; the owner can require it of everyone.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LoginReplySchema,
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  emptyEventQuery,
  type LogEntry,
} from '@hearth/protocol';
import {
  challengeFor,
  codeAt,
  codeStep,
  eachAccessCore,
  loginAs,
  stepOf,
  tokenOf,
} from './access-helpers.ts';
import { LogStream } from './event-log-helpers.ts';
import { waitForClose, type TestCore } from './helpers.ts';

const openCore = eachAccessCore();

/** Sets up and confirms two-factor sign-in for `uid`; returns the secret and the recovery codes. */
async function enable(core: TestCore, token: string, uid: string, now: number) {
  const setup = await core.request('POST', `/user/${uid}/two_factor/setup`, { token });
  expect(setup.status, setup.text).toBe(200);
  const { secret } = TwoFactorSetupSchema.parse(setup.json);
  const confirm = await core.request('POST', `/user/${uid}/two_factor/confirm`, {
    token,
    body: { code: codeAt(secret, stepOf(now)) },
  });
  expect(confirm.status, confirm.text).toBe(200);
  return { secret, codes: RecoveryCodesSchema.parse(confirm.json).recovery_codes };
}

const isSecurity = (action: string) => (e: LogEntry) =>
  e.source === 'activity' && e.activity.type === 'AccountSecurity' && e.activity.action === action;

describe('two-factor sign-in', () => {
  it("computes codes in the test by RFC 6238's own example", () => {
    // RFC 6238 appendix B: SHA-1, T = 59 s (step 1), 8 digits.
    expect(codeAt(Buffer.from('12345678901234567890'), 1, 8)).toBe('94287082');
    expect(codeAt(Buffer.from('12345678901234567890'), stepOf(1111111109_000), 8)).toBe('07081804');
  });

  it('is turned on by a first code, then sign-in needs the password and a code', async () => {
    const { t, clock, owner } = await openCore();
    const alice = await t.createUser(owner, 'alice', 'alice-pw');
    const log = await LogStream.open(t, owner);
    const status = async () =>
      TwoFactorStatusSchema.parse(
        (await t.request('GET', `/user/${alice.uid}/two_factor`, { token: alice.token })).json,
      );
    expect(await status()).toMatchObject({ enabled: false, pending: false, required: false });

    const setup = await t.request('POST', `/user/${alice.uid}/two_factor/setup`, {
      token: alice.token,
    });
    expect(setup.status, setup.text).toBe(200);
    const { secret, otpauth_uri, qr_code } = TwoFactorSetupSchema.parse(setup.json);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(otpauth_uri).searchParams.get('secret')).toBe(secret);
    expect(otpauth_uri).toContain('alice');
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Not on until a code confirms it: the password alone still signs in.
    expect(await status()).toMatchObject({ enabled: false, pending: true });
    expect((await loginAs(t, 'alice', 'alice-pw')).status).toBe(200);

    // The secret is sealed in the database, not stored as it is.
    const row = t.core.ctx.db
      .prepare('SELECT sealed_secret FROM two_factor WHERE uid = ?')
      .get(alice.uid) as { sealed_secret: string };
    expect(row.sealed_secret).not.toContain(secret);

    const step = stepOf(clock.now);
    const wrong = await t.request('POST', `/user/${alice.uid}/two_factor/confirm`, {
      token: alice.token,
      body: { code: codeAt(secret, step + 5) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ kind: 'BadRequest', causes: ['Invalid two-factor code'] });
    const confirm = await t.request('POST', `/user/${alice.uid}/two_factor/confirm`, {
      token: alice.token,
      body: { code: codeAt(secret, step) },
    });
    expect(confirm.status, confirm.text).toBe(200);
    const { recovery_codes } = RecoveryCodesSchema.parse(confirm.json);
    expect(recovery_codes).toHaveLength(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(recovery_codes).size).toBe(10);
    // Kept as hashes only.
    const hashes = t.core.ctx.db
      .prepare('SELECT hash FROM recovery_codes WHERE uid = ?')
      .all(alice.uid) as { hash: string }[];
    expect(hashes.map((h) => h.hash).sort()).toEqual(
      recovery_codes
        .map((c) => createHash('sha256').update(c.replace(/-/g, '')).digest('hex'))
        .sort(),
    );
    expect(await status()).toMatchObject({
      enabled: true,
      pending: false,
      recovery_codes_left: 10,
    });
    await log.wait(isSecurity('two_factor_enabled'), 'the enable entry');

    // The password alone: a 401 with the reference's envelope and a challenge beside it.
    const first = await loginAs(t, 'alice', 'alice-pw');
    expect(first.status).toBe(401);
    expect(first.json).toMatchObject({
      kind: 'Unauthorized',
      causes: ['Two-factor code required'],
      two_factor: { expires_in: 300 },
    });
    const challenge = (first.json as { two_factor: { challenge: string } }).two_factor.challenge;
    // The code that turned it on was taken; so was every earlier step's.
    expect((await codeStep(t, challenge, codeAt(secret, step))).json).toEqual({
      kind: 'Unauthorized',
      causes: ['Invalid two-factor code'],
    });
    expect((await codeStep(t, challenge, codeAt(secret, step - 1))).status).toBe(401);
    const signedIn = await codeStep(t, challenge, codeAt(secret, step + 1));
    expect(signedIn.status, signedIn.text).toBe(200);
    const reply = LoginReplySchema.parse(signedIn.json);
    expect(reply.user.username).toBe('alice');
    expect((await t.request('GET', '/user/info', { token: reply.token })).status).toBe(200);
    // A challenge is used once.
    expect((await codeStep(t, challenge, codeAt(secret, step + 1))).json).toEqual({
      kind: 'Unauthorized',
      causes: ['Sign-in expired: enter your password again'],
    });

    // Replaying that code on a new challenge is refused; the next step's code is not.
    const second = await challengeFor(t, 'alice', 'alice-pw');
    expect((await codeStep(t, second, codeAt(secret, step + 1))).status).toBe(401);
    clock.now += 30_000;
    expect((await codeStep(t, second, codeAt(secret, step + 2))).status).toBe(200);

    // The session records the second factor.
    const sessions = (await t.request('GET', `/user/${alice.uid}/sessions`, { token: reply.token }))
      .json as { current: boolean; two_factor: boolean }[];
    expect(sessions.find((s) => s.current)?.two_factor).toBe(true);
    log.close();
  });

  it('takes each recovery code once, and says so in the event log', async () => {
    const { t, clock, owner } = await openCore();
    const alice = await t.createUser(owner, 'alice', 'alice-pw');
    const { secret, codes } = await enable(t, alice.token, alice.uid, clock.now);
    const log = await LogStream.open(t, owner);

    const code = codes[3]!;
    const ok = await codeStep(t, await challengeFor(t, 'alice', 'alice-pw'), code.toUpperCase());
    expect(ok.status, ok.text).toBe(200);
    const again = await codeStep(t, await challengeFor(t, 'alice', 'alice-pw'), code);
    expect(again.status).toBe(401);
    const status = await t.request('GET', `/user/${alice.uid}/two_factor`, { token: tokenOf(ok) });
    expect(status.json).toMatchObject({ enabled: true, recovery_codes_left: 9 });
    const entry = await log.wait(isSecurity('recovery_code_used'), 'the recovery entry');
    expect(entry.source === 'activity' && entry.activity).toMatchObject({
      user_name: 'alice',
      detail: '9 recovery codes left',
    });

    // New codes replace the old ones.
    const step = stepOf(clock.now);
    const renewed = await t.request('POST', `/user/${alice.uid}/two_factor/recovery_codes`, {
      token: tokenOf(ok),
      body: { code: codeAt(secret, step + 1) },
    });
    expect(renewed.status, renewed.text).toBe(200);
    const fresh = RecoveryCodesSchema.parse(renewed.json).recovery_codes;
    expect((await codeStep(t, await challengeFor(t, 'alice', 'alice-pw'), codes[0]!)).status).toBe(
      401,
    );
    expect((await codeStep(t, await challengeFor(t, 'alice', 'alice-pw'), fresh[0]!)).status).toBe(
      200,
    );
    log.close();
  });

  it('counts wrong codes against the password throttle of that address and user', async () => {
    const { t, clock, owner } = await openCore();
    const bob = await t.createUser(owner, 'bob', 'bob-pw');
    const { secret } = await enable(t, bob.token, bob.uid, clock.now);
    const spare = await challengeFor(t, 'bob', 'bob-pw');
    const challenge = await challengeFor(t, 'bob', 'bob-pw');
    for (let i = 0; i < 5; i++)
      expect((await codeStep(t, challenge, '000000')).json).toEqual({
        kind: 'Unauthorized',
        causes: ['Invalid two-factor code'],
      });
    // Five wrong codes used the challenge up; the pair now waits, even with the right code.
    expect((await codeStep(t, challenge, '000000')).status).toBe(401);
    const right = codeAt(secret, stepOf(clock.now) + 1);
    const limited = await codeStep(t, spare, right);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await loginAs(t, 'bob', 'bob-pw')).status).toBe(429);
  });

  it('is turned off with a code, or by the owner for another user', async () => {
    const { t, clock, owner } = await openCore();
    const alice = await t.createUser(owner, 'alice', 'alice-pw');
    const bob = await t.createUser(owner, 'bob', 'bob-pw');
    const { secret } = await enable(t, alice.token, alice.uid, clock.now);
    await enable(t, bob.token, bob.uid, clock.now);

    const off = (token: string, uid: string, code?: string) =>
      t.request('POST', `/user/${uid}/two_factor/disable`, {
        token,
        body: code === undefined ? {} : { code },
      });
    expect((await off(alice.token, alice.uid)).json).toEqual({
      kind: 'BadRequest',
      causes: ['Enter a code to turn it off'],
    });
    expect((await off(alice.token, alice.uid, '123456')).status).toBe(400);
    // Nobody but the owner touches another user's second factor.
    expect((await off(alice.token, bob.uid)).status).toBe(403);
    expect((await off(alice.token, alice.uid, codeAt(secret, stepOf(clock.now) + 1))).status).toBe(
      200,
    );
    expect((await loginAs(t, 'alice', 'alice-pw')).status).toBe(200);

    // A lost phone: the owner turns bob's off without a code.
    expect((await off(owner, bob.uid)).status).toBe(200);
    expect((await loginAs(t, 'bob', 'bob-pw')).status).toBe(200);
  });

  it('when the owner requires it, a user without it may only turn it on', async () => {
    const { t, clock, owner } = await openCore();
    const ownerUid = t.core.ctx.users.list().find((u) => u.isOwner)!.uid;
    const carol = await t.createUser(owner, 'carol', 'carol-pw');
    const requireIt = (on: boolean) =>
      t.request('PUT', '/global_settings/require_two_factor', { token: owner, body: on });
    expect((await requireIt(true)).json).toEqual({
      kind: 'BadRequest',
      causes: ['Turn on two-factor sign-in for your own account first'],
    });
    // The owner turns it on for themselves (their token from before stays signed in).
    await enable(t, owner, ownerUid, clock.now);
    expect((await requireIt(true)).status).toBe(200);
    expect((await t.request('GET', '/global_settings', { token: owner })).json).toMatchObject({
      require_two_factor: true,
    });

    const signedIn = await loginAs(t, 'carol', 'carol-pw');
    expect(signedIn.status).toBe(200);
    const token = tokenOf(signedIn);
    expect((await t.request('GET', '/instance/list', { token })).json).toEqual({
      kind: 'PermissionDenied',
      causes: ['This core requires two-factor sign-in: turn it on in your profile first'],
    });
    expect((await t.request('GET', '/user/info', { token })).status).toBe(200);
    expect((await t.request('GET', `/user/${carol.uid}/two_factor`, { token })).json).toMatchObject(
      { enabled: false, required: true },
    );
    // Sockets other than the event stream wait too.
    await expect(
      t.socket(`/activity/stream?token=${encodeURIComponent(`Bearer ${token}`)}`),
    ).rejects.toThrow('403');
    await enable(t, token, carol.uid, clock.now);
    expect((await t.request('GET', '/instance/list', { token })).status).toBe(200);
  });

  it('requiring it closes the open sockets of users without it, but not their event stream', async () => {
    const { t, clock, owner } = await openCore();
    const ownerUid = t.core.ctx.users.list().find((u) => u.isOwner)!.uid;
    await t.createUser(owner, 'carol', 'carol-pw');
    const carol = tokenOf(await loginAs(t, 'carol', 'carol-pw'));
    await enable(t, owner, ownerUid, clock.now);
    const query = (token: string) => `token=${encodeURIComponent(`Bearer ${token}`)}`;
    const carolActivity = await t.socket(`/activity/stream?${query(carol)}`);
    const carolEvents = await t.socket(
      `/events/all/stream?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery(carol)))}`,
    );
    const ownerLog = await LogStream.open(t, owner);
    const carolActivityClosed = waitForClose(carolActivity);
    const changed = await t.request('PUT', '/global_settings/require_two_factor', {
      token: owner,
      body: true,
    });
    expect(changed.status).toBe(200);
    expect(await carolActivityClosed).toBe(1008);
    // The owner has it on and keeps their socket; Carol's event stream stays, to tell her
    // dashboard what to do. A later change reaches the owner's socket after the close went out.
    await t.request('PUT', '/global_settings/name', { token: owner, body: 'renamed core' });
    await ownerLog.wait(
      (e) =>
        e.source === 'activity' &&
        e.activity.type === 'CoreSettingChanged' &&
        e.activity.new_value === 'renamed core',
      'the rename',
    );
    expect(carolEvents.readyState).toBe(carolEvents.OPEN);
    ownerLog.ws.close();
    carolEvents.close();
  });
});
