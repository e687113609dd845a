import { describe, expect, it } from 'vitest';
import { makeJwt } from '@/test/fixtures.ts';
import { checkToken } from './token.ts';

const NOW = 1_700_000_000;

describe('checkToken (dashboard.md §5 Token)', () => {
  it('accepts a decodable token with a numeric exp in the future and a string uid', () => {
    expect(checkToken(makeJwt({ uid: 'USER_1', exp: NOW + 60 }), NOW)).toEqual({
      ok: true,
      uid: 'USER_1',
      exp: NOW + 60,
    });
  });

  it.each([
    ['garbage', 'not-a-jwt', 'Invalid token'],
    ['a payload that is not JSON', 'eyJhbGciOiJIUzUxMiJ9.bm90IGpzb24.sig', 'Invalid token'],
    ['a missing exp', makeJwt({ uid: 'USER_1' }), 'Invalid exp in token'],
    ['a string exp', makeJwt({ uid: 'USER_1', exp: String(NOW + 60) }), 'Invalid exp in token'],
    ['a missing uid', makeJwt({ exp: NOW + 60 }), 'Invalid uid in token'],
    ['a numeric uid', makeJwt({ uid: 7, exp: NOW + 60 }), 'Invalid uid in token'],
    ['an expiry in the past', makeJwt({ uid: 'USER_1', exp: NOW - 1 }), 'Token expired'],
    ['an expiry right now', makeJwt({ uid: 'USER_1', exp: NOW }), 'Token expired'],
  ])('rejects %s', (_name, token, problem) => {
    expect(checkToken(token, NOW)).toEqual({ ok: false, problem });
  });
});
