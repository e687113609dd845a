import { useEffect } from 'react';
import { setToken, useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { INVALID_TOKEN_TOAST_ID } from './api/get-user-info.ts';
import { checkToken, nowInSeconds } from '@/lib/token.ts';

/** Longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * dashboard.md §4 "Token": the stored token is checked on load and whenever it changes; a bad
 * one is reported with its toast and dropped (the API client then sends no header and the
 * session binding clears the caches). A good one is dropped again the moment it expires.
 */
export function useTokenWatcher(): void {
  const core = useCurrentCore();
  const token = useCurrentToken();
  useEffect(() => {
    if (!core || !token) return undefined;
    const reject = (problem: string) => {
      notify('error', problem, { id: INVALID_TOKEN_TOAST_ID });
      setToken(core, null);
    };
    const check = checkToken(token, nowInSeconds());
    if (!check.ok) {
      reject(check.problem);
      return undefined;
    }
    const msLeft = check.exp * 1000 - Date.now();
    if (msLeft > MAX_TIMER_MS) return undefined;
    const timer = setTimeout(() => reject('Token expired'), Math.max(0, msLeft));
    return () => clearTimeout(timer);
  }, [core, token]);
}
