import { useSyncExternalStore } from 'react';

// The desktop wrapper (Tauri-style `window.__TAURI__.invoke`) behind one small interface,
// so screens never touch the global and tests can provide their own.

export interface DesktopBridge {
  /** A fresh owner token for the local core (rejects when there is no owner). */
  getOwnerJwt(): Promise<string>;
  /** The pending first-time setup key (rejects when there is none). */
  getFirstTimeSetupKey(): Promise<string>;
  /** Whether the local core already has an owner. */
  isSetup(): Promise<boolean>;
}

type Invoke = (command: string, args?: Record<string, unknown>) => Promise<unknown>;

function findInvoke(win: unknown): Invoke | null {
  if (typeof win !== 'object' || win === null) return null;
  const tauri = (win as { __TAURI__?: unknown }).__TAURI__;
  if (typeof tauri !== 'object' || tauri === null) return null;
  const t = tauri as {
    invoke?: unknown;
    core?: { invoke?: unknown };
    tauri?: { invoke?: unknown };
  };
  const invoke = t.invoke ?? t.core?.invoke ?? t.tauri?.invoke;
  return typeof invoke === 'function' ? (invoke as Invoke) : null;
}

/** Wraps an `invoke(command)` function; `is_setup` answers a boolean. */
export function bridgeFromInvoke(invoke: Invoke): DesktopBridge {
  return {
    async getOwnerJwt() {
      const token = await invoke('get_owner_jwt');
      if (typeof token !== 'string' || token.length === 0) throw new Error('No owner token');
      return token;
    },
    async getFirstTimeSetupKey() {
      const key = await invoke('get_first_time_setup_key');
      if (typeof key !== 'string' || key.length === 0) throw new Error('No setup key');
      return key;
    },
    async isSetup() {
      return (await invoke('is_setup')) === true;
    },
  };
}

export function detectDesktopBridge(
  win: unknown = typeof window === 'undefined' ? undefined : window,
): DesktopBridge | null {
  const invoke = findInvoke(win);
  return invoke ? bridgeFromInvoke(invoke) : null;
}

let override: DesktopBridge | null | undefined;
let detected: DesktopBridge | null | undefined;
const listeners = new Set<() => void>();

export function getDesktopBridge(): DesktopBridge | null {
  if (override !== undefined) return override;
  detected ??= detectDesktopBridge();
  return detected;
}

/** Provide a bridge (tests, embedding); `undefined` goes back to detecting the wrapper. */
export function setDesktopBridge(bridge: DesktopBridge | null | undefined): void {
  override = bridge;
  detected = undefined;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDesktopBridge(): DesktopBridge | null {
  return useSyncExternalStore(subscribe, getDesktopBridge, getDesktopBridge);
}
