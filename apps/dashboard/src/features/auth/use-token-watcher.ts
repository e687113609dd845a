import { useEffect } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n/i18n.ts';
import { setToken, useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { INVALID_TOKEN_TOAST_ID } from './api/get-user-info.ts';
import { checkToken, nowInSeconds } from '@/lib/token.ts';
import type { TokenProblem } from '@/lib/token.ts';

const PROBLEM_TEXT: Record<TokenProblem, MessageDescriptor> = {
  'Invalid token': msg`Invalid token`,
  'Invalid exp in token': msg`Invalid exp in token`,
  'Invalid uid in token': msg`Invalid uid in token`,
  'Token expired': msg`Token expired`,
};

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
    const reject = (problem: TokenProblem) => {
      notify('error', i18n._(PROBLEM_TEXT[problem]), { id: INVALID_TOKEN_TOAST_ID });
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
