// Login throttling (issue 10, reproduction 7; issue 22, reproduction 9): failures slow the
// (address, username) pair that made them, and an address that fails on many usernames (password
// spraying), with exponential backoff; they never refuse the real owner from another address, nor a
// user behind the same NAT who has logged in from there before. Real sockets from distinct
// loopback addresses (127.0.0.x); the backoff arithmetic is checked on the limiter with a
// controlled clock.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientErrorSchema } from '@hearth/protocol';
import { LoginRateLimiter } from '../src/auth/login-rate-limiter.ts';
import { ConfigError, parseConfig } from '../src/config.ts';
import { CoreError } from '../src/errors.ts';
import { startTestCore, type TestCore, type TestResponse } from './helpers.ts';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.3';
const OTHER = '127.0.0.4';

/** POST /user/login over a socket bound to `from`, so the core sees that peer address. */
function loginFrom(
  tc: TestCore,
  from: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const url = new URL(`${tc.api}/user/login`);
  const basic = Buffer.from(`${username}:${password}`).toString('base64');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/json',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const json = text === '' ? undefined : (JSON.parse(text) as unknown);
          const received = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === 'string') received.set(name, value);
          resolve({ status: res.statusCode ?? 0, text, json, headers: received });
        });
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

async function failures(
  tc: TestCore,
  from: string,
  username: string,
  count: number,
  headers: (i: number) => Record<string, string> = () => ({}),
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await loginFrom(tc, from, username, `wrong-${i}`, headers(i))).status);
  return statuses;
}

const RETRY = /^Too many login attempts, try again in (\d+) seconds?$/;
const ADDRESS_RETRY = /^Too many failed logins from this address, try again in (\d+) seconds?$/;

/** A 429 answer: the envelope, and a Retry-After header that says the same wait as its text. */
function expectRetry(res: TestResponse, text: RegExp): void {
  expect(res.status, res.text).toBe(429);
  const err = ClientErrorSchema.parse(res.json);
  expect(err.kind).toBe('BadRequest');
  expect(err.causes).toHaveLength(1);
  const seconds = text.exec(err.causes[0] ?? '')?.[1];
  expect(seconds, err.causes[0]).toBeDefined();
  expect(res.headers.get('retry-after')).toBe(seconds);
}

describe('login throttling over HTTP', () => {
  it('slows a guesser on one address with a 429 envelope and a retry time, even for the right password', async () => {
    t = await startTestCore();
    await t.setupOwner('owner', 'right');
    const statuses = await failures(t, ATTACKER, 'owner', 6);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await loginFrom(t, ATTACKER, 'owner', 'right', {
      origin: 'http://dashboard.example',
    });
    expectRetry(blocked, RETRY);
    // A dashboard served from elsewhere may read the header too.
    expect(blocked.headers.get('access-control-expose-headers')).toMatch(/retry-after/i);
  });

  it("never refuses the owner's right password because of failures from another address", async () => {
    t = await startTestCore();
    await t.setupOwner('owner', 'right');
    const statuses = await failures(t, ATTACKER, 'owner', 30);
    expect(statuses).toContain(429);
    expect((await loginFrom(t, OWNER, 'owner', 'right')).status).toBe(200);
    // A typo of the owner's own is a plain 401, not a lockout inherited from the attacker.
    expect((await loginFrom(t, OWNER, 'owner', 'typo')).status).toBe(401);
    expect((await loginFrom(t, OWNER, 'owner', 'right')).status).toBe(200);
  });

  it('slows password spraying: one address failing on many usernames meets a 429 with Retry-After', async () => {
    t = await startTestCore();
    await t.setupOwner('owner', 'right');
    const answers: TestResponse[] = [];
    for (let i = 0; i < 40; i++)
      answers.push(await loginFrom(t, ATTACKER, `user-${i}`, 'Summer2025!'));
    const statuses = answers.map((a) => a.status);
    // LOGIN_ATTEMPTS_PER_IP failures are free; then the address waits 1 s, 2 s, 4 s… between tries,
    // so the 21st comes back 429 unless a whole second passed since the 20th.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    const first = answers.find((a) => a.status === 429);
    expect(first, statuses.join(' ')).toBeDefined();
    expectRetry(first!, ADDRESS_RETRY);
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(25);
  });

  it("never refuses a right password from another address because of one address's spraying", async () => {
    t = await startTestCore();
    const owner = await t.setupOwner('owner', 'right');
    await t.createUser(owner, 'alice', 'alice-pw');
    for (let i = 0; i < 30; i++) await loginFrom(t, ATTACKER, `user-${i}`, 'guess');
    expectRetry(await loginFrom(t, ATTACKER, 'user-x', 'guess'), ADDRESS_RETRY);
    expect((await loginFrom(t, OWNER, 'owner', 'right')).status).toBe(200);
    expect((await loginFrom(t, OTHER, 'alice', 'alice-pw')).status).toBe(200);
  });

  it('lets a user who logged in from a shared address (NAT) before in while that address is spraying', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner('owner', 'right');
    await t.createUser(owner, 'alice', 'alice-pw');
    expect((await loginFrom(t, ATTACKER, 'alice', 'alice-pw')).status).toBe(200);
    for (let i = 0; i < 30; i++) await loginFrom(t, ATTACKER, `user-${i}`, 'guess');
    expectRetry(await loginFrom(t, ATTACKER, 'user-x', 'guess'), ADDRESS_RETRY);
    // alice's pair is known to this address: only its own failures slow it.
    expect((await loginFrom(t, ATTACKER, 'alice', 'alice-pw')).status).toBe(200);
    expect((await loginFrom(t, ATTACKER, 'alice', 'typo')).status).toBe(401);
    expect((await loginFrom(t, ATTACKER, 'alice', 'alice-pw')).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless the peer is a configured trusted proxy', async () => {
    t = await startTestCore();
    await t.setupOwner('owner', 'right');
    const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` });
    expect(await failures(t, ATTACKER, 'owner', 6, spoofed)).toEqual([
      401, 401, 401, 401, 401, 429,
    ]);
  });

  it('keys on the client a trusted proxy names, and only the address that proxy appended', async () => {
    t = await startTestCore({ trustedProxies: [ATTACKER] });
    await t.setupOwner('owner', 'right');
    // Whatever the client put in front of the header is not trusted: the proxy's entry is last.
    const viaProxy = (i: number) => ({ 'x-forwarded-for': `10.9.9.${i}, 203.0.113.7` });
    expect(await failures(t, ATTACKER, 'owner', 6, viaProxy)).toEqual([
      401, 401, 401, 401, 401, 429,
    ]);
    const otherClient = { 'x-forwarded-for': '203.0.113.8' };
    expect((await loginFrom(t, ATTACKER, 'owner', 'right', otherClient)).status).toBe(200);
    // An untrusted peer cannot pick its key with the header.
    expect(await failures(t, OTHER, 'owner', 6, () => otherClient)).toEqual([
      401, 401, 401, 401, 401, 429,
    ]);
    expect((await loginFrom(t, ATTACKER, 'owner', 'right', otherClient)).status).toBe(200);
  });
});

describe('LoginRateLimiter (controlled clock)', () => {
  let now = 1_000_000;
  const clock = () => now;
  const retryOf = (fn: () => void): number | null => {
    try {
      fn();
      return null;
    } catch (err) {
      if (!(err instanceof CoreError) || err.status !== 429) throw err;
      return Number(/in (\d+) second/.exec(err.causes[0] ?? '')?.[1]);
    }
  };

  /** One whole attempt: check (claims the pair), a failure, release. */
  const fail = (limiter: LoginRateLimiter, ip: string, user: string) => {
    limiter.check(ip, user);
    limiter.recordFailure(ip, user);
    limiter.release(ip, user);
  };

  it('backs off exponentially per (address, username) after the free attempts, up to a cap', () => {
    const limiter = new LoginRateLimiter({}, clock);
    for (let i = 0; i < 5; i++) fail(limiter, '1.1.1.1', 'bob');
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const wait = retryOf(() => limiter.check('1.1.1.1', 'bob'));
      expect(wait).not.toBeNull();
      waits.push(wait!);
      now += wait! * 1000;
      fail(limiter, '1.1.1.1', 'bob');
    }
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(Math.max(...waits)).toBe(15 * 60);
    expect(waits.at(-1)).toBe(15 * 60);
    // Meanwhile nobody else is affected, and the username is matched case-insensitively.
    expect(retryOf(() => limiter.check('2.2.2.2', 'bob'))).toBeNull();
    expect(retryOf(() => limiter.check('1.1.1.1', 'alice'))).toBeNull();
    expect(retryOf(() => limiter.check('1.1.1.1', 'BOB'))).not.toBeNull();
  });

  it('lets one attempt per pair be verified at a time (parallel guesses do not slip through)', () => {
    const limiter = new LoginRateLimiter({}, clock);
    limiter.check('1.1.1.1', 'bob');
    expect(retryOf(() => limiter.check('1.1.1.1', 'bob'))).toBe(1);
    expect(retryOf(() => limiter.check('1.1.1.2', 'bob'))).toBeNull();
    limiter.recordFailure('1.1.1.1', 'bob');
    limiter.release('1.1.1.1', 'bob');
    expect(retryOf(() => limiter.check('1.1.1.1', 'bob'))).toBeNull();
  });

  it('forgets a pair on success: its next failures start from the free attempts again', () => {
    const limiter = new LoginRateLimiter({}, clock);
    for (let i = 0; i < 8; i++) limiter.recordFailure('1.1.1.1', 'bob');
    expect(retryOf(() => limiter.check('1.1.1.1', 'bob'))).toBe(8);
    now += 8000;
    limiter.recordSuccess('1.1.1.1', 'bob');
    for (let i = 0; i < 4; i++) limiter.recordFailure('1.1.1.1', 'bob');
    expect(retryOf(() => limiter.check('1.1.1.1', 'bob'))).toBeNull();
    limiter.recordFailure('1.1.1.1', 'bob');
    expect(retryOf(() => limiter.check('1.1.1.1', 'bob'))).toBe(1);
  });

  it('backs off an address exponentially once it has failed LOGIN_ATTEMPTS_PER_IP times across usernames', () => {
    const limiter = new LoginRateLimiter({}, clock);
    for (let i = 0; i < 20; i++) fail(limiter, '1.1.1.1', `user-${i}`);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const wait = retryOf(() => limiter.check('1.1.1.1', `other-${i}`));
      expect(wait).not.toBeNull();
      waits.push(wait!);
      now += wait! * 1000;
      fail(limiter, '1.1.1.1', `other-${i}`);
    }
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(waits.at(-1)).toBe(15 * 60);
    // Any username, the right password included (the limiter refuses before it is verified)…
    expect(retryOf(() => limiter.check('1.1.1.1', 'alice'))).toBe(15 * 60);
    // …but never from another address.
    expect(retryOf(() => limiter.check('1.1.1.2', 'alice'))).toBeNull();
  });

  it('exempts pairs that logged in from the address before; they keep their own backoff', () => {
    const limiter = new LoginRateLimiter({}, clock);
    limiter.check('1.1.1.1', 'alice');
    limiter.recordSuccess('1.1.1.1', 'alice');
    limiter.release('1.1.1.1', 'alice');
    for (let i = 0; i < 25; i++) limiter.recordFailure('1.1.1.1', `user-${i}`);
    expect(retryOf(() => limiter.check('1.1.1.1', 'bob'))).not.toBeNull();
    expect(retryOf(() => limiter.check('1.1.1.1', 'ALICE'))).toBeNull();
    limiter.release('1.1.1.1', 'ALICE');
    for (let i = 0; i < 5; i++) fail(limiter, '1.1.1.1', 'alice');
    expect(retryOf(() => limiter.check('1.1.1.1', 'alice'))).toBe(1);
  });

  it('counts an address over a window from its first failure, and forgets it when quiet', () => {
    const limiter = new LoginRateLimiter({}, clock);
    for (let i = 0; i < 19; i++) fail(limiter, '1.1.1.1', `user-${i}`);
    now += 15 * 60_000 + 1;
    // The window is over: the next 19 failures start a new count, so nothing waits yet.
    for (let i = 0; i < 19; i++) fail(limiter, '1.1.1.1', `again-${i}`);
    expect(retryOf(() => limiter.check('1.1.1.1', 'x'))).toBeNull();
    limiter.release('1.1.1.1', 'x');
    fail(limiter, '1.1.1.1', 'x');
    expect(retryOf(() => limiter.check('1.1.1.1', 'y'))).toBe(1);
    // A spent address is forgotten only 15 min after its wait ended without a new failure.
    now += 1000 + 15 * 60_000 + 1;
    expect(retryOf(() => limiter.check('1.1.1.1', 'y'))).toBeNull();
    limiter.release('1.1.1.1', 'y');
    fail(limiter, '1.1.1.1', 'y');
    expect(retryOf(() => limiter.check('1.1.1.1', 'z'))).toBeNull();
  });

  it('does not let parallel guesses on many usernames slip past a nearly spent address', () => {
    const limiter = new LoginRateLimiter({}, clock);
    for (let i = 0; i < 18; i++) fail(limiter, '1.1.1.1', `user-${i}`);
    const admitted = Array.from({ length: 10 }, (_, i) =>
      retryOf(() => limiter.check('1.1.1.1', `p-${i}`)),
    ).filter((w) => w === null);
    expect(admitted).toHaveLength(2);
    for (let i = 0; i < 2; i++) {
      limiter.recordFailure('1.1.1.1', `p-${i}`);
      limiter.release('1.1.1.1', `p-${i}`);
    }
    expect(retryOf(() => limiter.check('1.1.1.1', 'q'))).toBe(1);
    now += 1000;
    expect(retryOf(() => limiter.check('1.1.1.1', 'q'))).toBeNull();
    expect(retryOf(() => limiter.check('1.1.1.1', 'r'))).toBe(1);
  });

  it('treats one IPv6 /64 as one address, and IPv4-mapped addresses as IPv4', () => {
    const limiter = new LoginRateLimiter({}, clock);
    for (let i = 0; i < 6; i++) limiter.recordFailure(`2001:db8:1:2::${i + 1}`, 'bob');
    expect(retryOf(() => limiter.check('2001:db8:1:2:ffff::9', 'bob'))).not.toBeNull();
    expect(retryOf(() => limiter.check('2001:db8:1:3::1', 'bob'))).toBeNull();
    for (let i = 0; i < 6; i++) limiter.recordFailure('::ffff:192.0.2.1', 'bob');
    expect(retryOf(() => limiter.check('192.0.2.1', 'bob'))).not.toBeNull();
    // Spraying from many addresses of one /64 spends one budget.
    for (let i = 0; i < 20; i++) limiter.recordFailure(`2001:db8:7:7::${i + 1}`, `user-${i}`);
    expect(retryOf(() => limiter.check('2001:db8:7:7:abcd::1', 'carol'))).toBe(1);
    expect(retryOf(() => limiter.check('2001:db8:7:8::1', 'carol'))).toBeNull();
  });

  it('keeps its memory bounded under a flood of distinct addresses', () => {
    const limiter = new LoginRateLimiter({ maxEntries: 1000 }, clock);
    for (let i = 0; i < 50_000; i++) {
      const ip = `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`;
      limiter.recordFailure(ip, 'x');
      if (i % 3 === 0) limiter.recordSuccess(ip, 'y');
    }
    expect(limiter.size).toBeLessThanOrEqual(2000);
  });
});

describe('--trusted-proxies / HEARTH_TRUSTED_PROXIES', () => {
  it('parses addresses and CIDRs, defaults to none and refuses anything else', () => {
    expect(parseConfig([], {}, '/').trustedProxies).toEqual([]);
    expect(
      parseConfig(['--trusted-proxies', '10.0.0.0/8, ::1,192.168.1.2'], {}, '/').trustedProxies,
    ).toEqual(['10.0.0.0/8', '::1', '192.168.1.2']);
    expect(
      parseConfig([], { HEARTH_TRUSTED_PROXIES: 'loopback,fd00::/8' }, '/').trustedProxies,
    ).toEqual(['loopback', 'fd00::/8']);
    for (const bad of ['proxy.example', '10.0.0.0/33', '::1/129', '10.0.0.1,', '*'])
      expect(() => parseConfig(['--trusted-proxies', bad], {}, '/'), bad).toThrow(ConfigError);
  });
});
