import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberRoute } from '@/lib/last-route.ts';
import { getSession, selectCore } from '@/lib/session.ts';
import { coreFromParams, coreParamsMatch, withCoreParams } from '@/lib/url-state.ts';

/** A link that names a core (`?address=…&port=…`) makes it the current core, before the first render. */
export function adoptCoreFromUrl(search: string): void {
  const core = coreFromParams(new URLSearchParams(search));
  if (core) selectCore(core);
}

/**
 * Keeps `address`, `port`, `protocol` and `apiVersion` in the URL equal to the current core
 * (dashboard.md §2). It runs when the location changes, not when the core does: code that
 * switches cores navigates right after, through useAppNavigate, which writes the new core's
 * parameters itself; reacting to the core change would cancel that navigation. A layout effect,
 * so the fix-up happens in the commit that shows the location: Preact runs passive effects only
 * after the next paint, and a click in that frame (Go Home) would be undone by a replace back to
 * the old path.
 */
export function useCoreParamSync(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const core = getSession().current;
    if (coreParamsMatch(location.search, core)) return undefined;
    let current = true;
    // Right after the commit rather than in it: on the first one a router has not yet subscribed
    // to its history (its own layout effect runs after ours), and would miss the change.
    queueMicrotask(() => {
      if (!current) return;
      void navigate(
        {
          pathname: location.pathname,
          search: withCoreParams(location.search, core),
          hash: location.hash,
        },
        { replace: true, state: location.state as unknown },
      );
    });
    return () => {
      current = false;
    };
  }, [location, navigate]);
}

export function useRememberRoute(): void {
  const { pathname, search } = useLocation();
  useEffect(() => rememberRoute(pathname, search), [pathname, search]);
}
