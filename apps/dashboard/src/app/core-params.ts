import { useEffect } from 'react';
import { useLocation, useNavigate } from '@/lib/router/router.tsx';
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
 * parameters itself; reacting to the core change would cancel that navigation.
 */
export function useCoreParamSync(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const core = getSession().current;
    if (coreParamsMatch(location.search, core)) return;
    void navigate(
      {
        pathname: location.pathname,
        search: withCoreParams(location.search, core),
        hash: location.hash,
      },
      { replace: true, state: location.state },
    );
  }, [location, navigate]);
}

export function useRememberRoute(): void {
  const { pathname, search } = useLocation();
  useEffect(() => rememberRoute(pathname, search), [pathname, search]);
}
