import { describe, expect, it } from 'vitest';
import { TEST_CORE } from '@/test/fixtures.ts';
import { buildSearch, coreFromParams, coreParamsMatch, withCoreParams } from './url-state.ts';

describe('query parameters (dashboard.md §2)', () => {
  it('keeps the persistent parameters across navigation and drops the rest', () => {
    const current =
      '?address=a&port=1&protocol=http&apiVersion=v1&instance=I&user=U&path=world&tab=x';
    expect(buildSearch(current)).toBe(
      '?address=a&port=1&protocol=http&apiVersion=v1&instance=I&user=U&path=world',
    );
  });

  it('clears and sets on request (the logo clears instance and user)', () => {
    const current = '?address=a&port=1&instance=I&user=U';
    expect(buildSearch(current, { clear: ['instance', 'user'] })).toBe('?address=a&port=1');
    expect(buildSearch(current, { set: { path: '.', user: null } })).toBe(
      '?address=a&port=1&instance=I&path=.',
    );
  });

  it('reads a complete core from the URL and rejects an incomplete or invalid one', () => {
    expect(
      coreFromParams(
        new URLSearchParams('address=core.test&port=16662&protocol=http&apiVersion=v1'),
      ),
    ).toEqual(TEST_CORE);
    expect(coreFromParams(new URLSearchParams('address=core.test&port=16662'))).toEqual(TEST_CORE);
    expect(coreFromParams(new URLSearchParams('address=core.test'))).toBeNull();
    expect(coreFromParams(new URLSearchParams('address=core.test&port=abc'))).toBeNull();
    expect(
      coreFromParams(new URLSearchParams('address=core.test&port=1&protocol=gopher')),
    ).toBeNull();
  });

  it('writes the current core into the URL without touching other parameters', () => {
    const search = withCoreParams('?instance=I&foo=bar', TEST_CORE);
    expect(new URLSearchParams(search).get('foo')).toBe('bar');
    expect(coreParamsMatch(search, TEST_CORE)).toBe(true);
    expect(coreParamsMatch(search, { ...TEST_CORE, port: 1 })).toBe(false);
    expect(withCoreParams(search, null)).toBe('?instance=I&foo=bar');
    expect(coreParamsMatch('?instance=I', null)).toBe(true);
  });
});
