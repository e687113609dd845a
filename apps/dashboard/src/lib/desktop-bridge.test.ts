import { describe, expect, it, vi } from 'vitest';
import { detectDesktopBridge, getDesktopBridge, setDesktopBridge } from './desktop-bridge.ts';
import type { DesktopBridge } from './desktop-bridge.ts';

describe('desktop bridge', () => {
  it('is absent in a plain browser', () => {
    expect(detectDesktopBridge({})).toBeNull();
    expect(getDesktopBridge()).toBeNull();
  });

  it('wraps window.__TAURI__.invoke and reads is_setup as a boolean', async () => {
    const answers: Record<string, unknown> = {
      get_owner_jwt: 'jwt',
      get_first_time_setup_key: 'KEY123',
      is_setup: true,
    };
    const invoke = vi.fn((command: string) => Promise.resolve(answers[command]));
    const bridge = detectDesktopBridge({ __TAURI__: { invoke } });
    expect(bridge).not.toBeNull();
    await expect(bridge?.getOwnerJwt()).resolves.toBe('jwt');
    await expect(bridge?.getFirstTimeSetupKey()).resolves.toBe('KEY123');
    await expect(bridge?.isSetup()).resolves.toBe(true);
    answers.is_setup = false;
    await expect(bridge?.isSetup()).resolves.toBe(false);
    expect(invoke.mock.calls.map((c) => c[0])).toEqual([
      'get_owner_jwt',
      'get_first_time_setup_key',
      'is_setup',
      'is_setup',
    ]);
  });

  it('finds the Tauri 2 location of invoke too', () => {
    expect(
      detectDesktopBridge({ __TAURI__: { core: { invoke: () => Promise.resolve(null) } } }),
    ).not.toBeNull();
  });

  it('rejects when the wrapper has no key or token to give', async () => {
    const bridge = detectDesktopBridge({ __TAURI__: { invoke: () => Promise.resolve(null) } });
    await expect(bridge?.getFirstTimeSetupKey()).rejects.toThrow();
    await expect(bridge?.getOwnerJwt()).rejects.toThrow();
  });

  it('lets a test provide its own bridge', () => {
    const fake: DesktopBridge = {
      getOwnerJwt: () => Promise.resolve('t'),
      getFirstTimeSetupKey: () => Promise.resolve('k'),
      isSetup: () => Promise.resolve(false),
    };
    setDesktopBridge(fake);
    expect(getDesktopBridge()).toBe(fake);
    setDesktopBridge(undefined);
    expect(getDesktopBridge()).toBeNull();
  });
});
