import { createHmac } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterEach, expect } from 'vitest';
import { startTestCore, type TestCore, type TestResponse } from './helpers.ts';

// Issue 28 test support: RFC 6238 written out here with node:crypto (not the core's library, so a
// wrong TOTP in the core fails these tests), a core whose two-factor clock the test moves, and the
// login steps.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP over the RFC 6238 step `step` (HMAC-SHA1). */
export function codeAt(key: Buffer | string, step: number, digits = 6): string {
  const secret = typeof key === 'string' ? base32Bytes(key) : key;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const stepOf = (ms: number) => Math.floor(ms / 30_000);

/** A core whose two-factor codes and key expiries are checked against `clock.now`, and its owner's token. */
export interface AccessCore {
  t: TestCore;
  clock: { now: number };
  owner: string;
}

/**
 * For the tests of a file: `open()` starts an AccessCore and signs its owner up; the core is closed
 * after the test that opened it.
 */
export function eachAccessCore(): () => Promise<AccessCore> {
  let opened: TestCore | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
  return async () => {
    const clock = { now: Date.now() };
    const t = await startTestCore({ access: { now: () => clock.now } });
    opened = t;
    return { t, clock, owner: await t.setupOwner() };
  };
}

export function loginAs(
  t: TestCore,
  username: string,
  password: string,
  userAgent = 'vitest',
): Promise<TestResponse> {
  const basic = Buffer.from(`${username}:${password}`).toString('base64');
  return t.request('POST', '/user/login', {
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/json',
      'user-agent': userAgent,
    },
    rawBody: '{}',
  });
}

/** The password step of a user with two-factor on: its 401 and the challenge it carries. */
export async function challengeFor(t: TestCore, username: string, password: string) {
  const res = await loginAs(t, username, password);
  expect(res.status, res.text).toBe(401);
  const body = res.json as { kind: string; causes: string[]; two_factor: { challenge: string } };
  expect(body.kind).toBe('Unauthorized');
  expect(body.causes).toEqual(['Two-factor code required']);
  return body.two_factor.challenge;
}

export function codeStep(t: TestCore, challenge: string, code: string): Promise<TestResponse> {
  return t.request('POST', '/user/login/2fa', { body: { challenge, code } });
}

export const tokenOf = (res: TestResponse) => (res.json as { token: string }).token;
export const sidOf = (token: string) => decodeJwt(token).sid as string;
