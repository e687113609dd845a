import { describe, expect, it, vi } from 'vitest';
import { TEST_CORE } from '@/test/fixtures.ts';
import {
  addCore,
  clearCurrentToken,
  getSession,
  getToken,
  removeCore,
  resetSessionFromStorage,
  selectCore,
  setToken,
  subscribeSession,
  toCoreConnection,
} from './session.ts';

const OTHER = { ...TEST_CORE, address: '10.0.0.2' };

describe('session store', () => {
  it('saves cores once, selects one and persists both under the reference keys', () => {
    addCore(TEST_CORE);
    addCore(TEST_CORE);
    selectCore(OTHER);
    expect(getSession().cores).toEqual([TEST_CORE, OTHER]);
    expect(getSession().current).toEqual(OTHER);
    expect(JSON.parse(localStorage.getItem('cores') ?? '[]')).toEqual([TEST_CORE, OTHER]);
    expect(localStorage.getItem('address')).toBe('10.0.0.2');
    expect(localStorage.getItem('port')).toBe('16662');
    expect(localStorage.getItem('protocol')).toBe('http');
    expect(localStorage.getItem('apiVersion')).toBe('v1');
  });

  it('keeps one token per core under address:port', () => {
    selectCore(TEST_CORE);
    setToken(TEST_CORE, 'a');
    setToken(OTHER, 'b');
    expect(JSON.parse(localStorage.getItem('tokens') ?? '{}')).toEqual({
      'core.test:16662': 'a',
      '10.0.0.2:16662': 'b',
    });
    expect(getToken()).toBe('a');
    clearCurrentToken();
    expect(getToken()).toBeNull();
    expect(getToken(OTHER)).toBe('b');
  });

  it('survives a reload and ignores garbage in storage', () => {
    localStorage.setItem(
      'cores',
      JSON.stringify([TEST_CORE, { address: '', port: 1 }, { address: 'x', port: 70000 }, 'junk']),
    );
    localStorage.setItem('tokens', '{not json');
    localStorage.setItem('address', 'core.test');
    localStorage.setItem('port', '16662');
    resetSessionFromStorage();
    expect(getSession()).toEqual({ cores: [TEST_CORE], current: TEST_CORE, tokens: {} });
  });

  it('removing the current core forgets it and its token', () => {
    selectCore(TEST_CORE);
    setToken(TEST_CORE, 'a');
    removeCore(TEST_CORE);
    expect(getSession()).toEqual({ cores: [], current: null, tokens: {} });
    expect(localStorage.getItem('address')).toBeNull();
  });

  it('tells listeners the new and the previous state', () => {
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    selectCore(TEST_CORE);
    stop();
    setToken(TEST_CORE, 'ignored by the stopped listener');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[0].current).toEqual(TEST_CORE);
    expect(listener.mock.calls[0]?.[1].current).toBeNull();
  });

  it('validates cores from untrusted input', () => {
    expect(toCoreConnection({ address: ' a ', port: '80' })).toEqual({
      address: 'a',
      port: 80,
      protocol: 'http',
      apiVersion: 'v1',
    });
    expect(toCoreConnection({ address: 'a', port: 80, protocol: 'ftp' })).toBeNull();
    expect(toCoreConnection({ address: 'a', port: 80, apiVersion: 'v2' })).toBeNull();
    expect(toCoreConnection({ address: 'a', port: 0 })).toBeNull();
    expect(toCoreConnection(null)).toBeNull();
  });
});
