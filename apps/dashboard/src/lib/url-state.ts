import { useCallback } from 'react';
import { useLocation, useNavigate } from '@/lib/router/router.tsx';
import { getSession, toCoreConnection } from './session.ts';
import type { CoreConnection } from './session.ts';

// Query parameters that survive navigation (dashboard.md §2): the current core connection,
// the selected instance and user, and the file directory.

export const CORE_PARAMS = ['address', 'port', 'protocol', 'apiVersion'] as const;
export const PERSISTENT_PARAMS = [...CORE_PARAMS, 'instance', 'user', 'path'] as const;
export type PersistentParam = (typeof PERSISTENT_PARAMS)[number];

export function coreToParams(core: CoreConnection): Record<(typeof CORE_PARAMS)[number], string> {
  return {
    address: core.address,
    port: String(core.port),
    protocol: core.protocol,
    apiVersion: core.apiVersion,
  };
}

/** The core named by the URL, when all of its parameters are there and valid. */
export function coreFromParams(params: URLSearchParams): CoreConnection | null {
  if (!params.has('address') || !params.has('port')) return null;
  return toCoreConnection({
    address: params.get('address'),
    port: params.get('port'),
    protocol: params.get('protocol') ?? undefined,
    apiVersion: params.get('apiVersion') ?? undefined,
  });
}

export interface SearchChange {
  /** Persistent parameters to drop. */
  clear?: readonly PersistentParam[];
  /** Parameters to set (null removes). */
  set?: Readonly<Record<string, string | null>>;
}

/** Keeps the persistent parameters of `current`, applies `change`, drops everything else. */
export function buildSearch(current: string, change: SearchChange = {}): string {
  const from = new URLSearchParams(current);
  const next = new URLSearchParams();
  for (const key of PERSISTENT_PARAMS) {
    const value = from.get(key);
    if (value !== null && !change.clear?.includes(key)) next.set(key, value);
  }
  for (const [key, value] of Object.entries(change.set ?? {})) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** Replaces the core parameters of `search` with `core` (or removes them); other parameters stay. */
export function withCoreParams(search: string, core: CoreConnection | null): string {
  const params = new URLSearchParams(search);
  for (const key of CORE_PARAMS) params.delete(key);
  if (core) for (const [key, value] of Object.entries(coreToParams(core))) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether the core parameters of `search` already describe `core` (or are absent for null). */
export function coreParamsMatch(search: string, core: CoreConnection | null): boolean {
  const params = new URLSearchParams(search);
  if (!core) return CORE_PARAMS.every((key) => !params.has(key));
  const want = coreToParams(core);
  return CORE_PARAMS.every((key) => params.get(key) === want[key]);
}

export interface AppNavigateOptions extends SearchChange {
  replace?: boolean;
}

/** Resolves once the navigation (including lazy route code) has finished. */
export type AppNavigate = (to: string, options?: AppNavigateOptions) => Promise<void>;

/** `navigate` that carries the persistent query parameters along, with the current core's. */
export function useAppNavigate(): AppNavigate {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to, options = {}) => {
      const [pathname = '/', ownSearch = ''] = to.split('?');
      const set = { ...Object.fromEntries(new URLSearchParams(ownSearch)), ...options.set };
      const kept = buildSearch(location.search, { clear: options.clear ?? [], set });
      const search = withCoreParams(kept, getSession().current);
      return Promise.resolve(navigate({ pathname, search }, { replace: options.replace ?? false }));
    },
    [navigate, location.search],
  );
}

/** The `to` for a <Navigate>/<Link> that keeps the persistent parameters. */
export function usePreservedTo(pathname: string): { pathname: string; search: string } {
  const location = useLocation();
  return { pathname, search: buildSearch(location.search) };
}
