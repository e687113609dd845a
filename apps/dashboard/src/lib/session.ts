import { useSyncExternalStore } from 'react';
import { DEFAULT_API_VERSION, DEFAULT_CORE_PORT, DEFAULT_PROTOCOL } from '@hearth/protocol';

// The browser-side session: saved cores, the current core and one token per core.
// It is persisted in localStorage under the same keys the reference dashboard used
// (`cores`, `tokens`, `address`, `port`, `protocol`, `apiVersion`), so an existing
// browser profile keeps its cores.

export type CoreProtocol = 'http' | 'https';
export type ApiVersion = 'v1';

export interface CoreConnection {
  address: string;
  port: number;
  protocol: CoreProtocol;
  apiVersion: ApiVersion;
}

export interface SessionState {
  cores: readonly CoreConnection[];
  current: CoreConnection | null;
  /** `address:port` → JWT */
  tokens: Readonly<Record<string, string>>;
}

const KEYS = {
  cores: 'cores',
  tokens: 'tokens',
  address: 'address',
  port: 'port',
  protocol: 'protocol',
  apiVersion: 'apiVersion',
} as const;

export function coreKey(core: Pick<CoreConnection, 'address' | 'port'>): string {
  return `${core.address}:${core.port}`;
}

export function sameCore(
  a: CoreConnection | null | undefined,
  b: CoreConnection | null | undefined,
): boolean {
  if (!a || !b) return false;
  return (
    a.address === b.address &&
    a.port === b.port &&
    a.protocol === b.protocol &&
    a.apiVersion === b.apiVersion
  );
}

export function isCoreProtocol(value: unknown): value is CoreProtocol {
  return value === 'http' || value === 'https';
}

export function isApiVersion(value: unknown): value is ApiVersion {
  return value === 'v1';
}

function isValidPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}

/** Accepts anything shaped like a core (from storage or a URL) and returns a clean copy, or null. */
export function toCoreConnection(raw: unknown): CoreConnection | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const address = typeof r.address === 'string' ? r.address.trim() : '';
  const port = typeof r.port === 'string' ? Number(r.port) : r.port;
  const protocol = r.protocol ?? DEFAULT_PROTOCOL;
  const apiVersion = r.apiVersion ?? DEFAULT_API_VERSION;
  if (!address || typeof port !== 'number' || !isValidPort(port)) return null;
  if (!isCoreProtocol(protocol) || !isApiVersion(apiVersion)) return null;
  return { address, port, protocol, apiVersion };
}

function readJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function readCurrent(): CoreConnection | null {
  const address = localStorage.getItem(KEYS.address);
  if (address === null) return null;
  return toCoreConnection({
    address,
    port: Number(localStorage.getItem(KEYS.port) ?? DEFAULT_CORE_PORT),
    protocol: localStorage.getItem(KEYS.protocol) ?? DEFAULT_PROTOCOL,
    apiVersion: localStorage.getItem(KEYS.apiVersion) ?? DEFAULT_API_VERSION,
  });
}

function readState(): SessionState {
  const rawCores = readJson(KEYS.cores);
  const cores = Array.isArray(rawCores)
    ? rawCores.map(toCoreConnection).filter((c): c is CoreConnection => c !== null)
    : [];
  const rawTokens = readJson(KEYS.tokens);
  const tokens: Record<string, string> = {};
  if (typeof rawTokens === 'object' && rawTokens !== null && !Array.isArray(rawTokens)) {
    for (const [key, value] of Object.entries(rawTokens as Record<string, unknown>)) {
      if (typeof value === 'string' && value.length > 0) tokens[key] = value;
    }
  }
  return { cores, current: readCurrent(), tokens };
}

function writeState(state: SessionState): void {
  try {
    localStorage.setItem(KEYS.cores, JSON.stringify(state.cores));
    localStorage.setItem(KEYS.tokens, JSON.stringify(state.tokens));
    if (state.current) {
      localStorage.setItem(KEYS.address, state.current.address);
      localStorage.setItem(KEYS.port, String(state.current.port));
      localStorage.setItem(KEYS.protocol, state.current.protocol);
      localStorage.setItem(KEYS.apiVersion, state.current.apiVersion);
    } else {
      for (const key of [KEYS.address, KEYS.port, KEYS.protocol, KEYS.apiVersion])
        localStorage.removeItem(key);
    }
  } catch (err) {
    console.warn('Could not persist the session', err);
  }
}

let state: SessionState = readState();
const listeners = new Set<(next: SessionState, previous: SessionState) => void>();

function update(next: SessionState): void {
  const previous = state;
  state = next;
  writeState(next);
  for (const listener of listeners) listener(next, previous);
}

export function getSession(): SessionState {
  return state;
}

/** Called with the new and the previous state after every change. */
export function subscribeSession(
  listener: (next: SessionState, previous: SessionState) => void,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads localStorage (tests, or another tab changed it). */
export function resetSessionFromStorage(): void {
  const previous = state;
  state = readState();
  for (const listener of listeners) listener(state, previous);
}

/** Adds a core to the saved list (no-op when already saved). */
export function addCore(core: CoreConnection): void {
  if (state.cores.some((c) => sameCore(c, core))) return;
  update({ ...state, cores: [...state.cores, core] });
}

/** Makes `core` the current one, saving it if needed. */
export function selectCore(core: CoreConnection): void {
  const cores = state.cores.some((c) => sameCore(c, core)) ? state.cores : [...state.cores, core];
  if (cores === state.cores && sameCore(state.current, core)) return;
  update({ ...state, cores, current: core });
}

export function removeCore(core: CoreConnection): void {
  const tokens = { ...state.tokens };
  delete tokens[coreKey(core)];
  update({
    cores: state.cores.filter((c) => !sameCore(c, core)),
    current: sameCore(state.current, core) ? null : state.current,
    tokens,
  });
}

export function getToken(core: CoreConnection | null = state.current): string | null {
  if (!core) return null;
  return state.tokens[coreKey(core)] ?? null;
}

export function setToken(core: CoreConnection, token: string | null): void {
  const key = coreKey(core);
  if ((state.tokens[key] ?? null) === token) return;
  const tokens = { ...state.tokens };
  if (token) tokens[key] = token;
  else delete tokens[key];
  update({ ...state, tokens });
}

/** Drops the current core's token (sign out, invalid token, Unauthorized). */
export function clearCurrentToken(): void {
  if (state.current) setToken(state.current, null);
}

function subscribeForReact(onChange: () => void): () => void {
  return subscribeSession(onChange);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeForReact, getSession, getSession);
}

export function useCurrentCore(): CoreConnection | null {
  return useSyncExternalStore(
    subscribeForReact,
    () => state.current,
    () => state.current,
  );
}

export function useCurrentToken(): string | null {
  return useSyncExternalStore(
    subscribeForReact,
    () => getToken(),
    () => getToken(),
  );
}
