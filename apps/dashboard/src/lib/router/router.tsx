import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { createBrowserHistory, createMemoryHistory, createPath, parsePath } from './history.ts';
import type {
  HistorySnapshot,
  Location,
  NavigationType,
  PathParts,
  RouterHistory,
} from './history.ts';
import { matchRoutes } from './match.ts';
import type { Params, RouteObject } from './match.ts';

// The dashboard's router: the current location from a history (the browser's, or one in memory
// for tests), navigation, and a route table drawn as nested layouts (`useRoutes`, `<Outlet>`).
// Only what the dashboard uses (app/router.tsx declares the table): the few kilobytes this costs
// the first load are a fraction of a general-purpose router's data, form and framework layers.

export { NavigationType, createPath } from './history.ts';
export type { Location } from './history.ts';
export { matchRoutes } from './match.ts';
export type { Params, RouteMatch, RouteObject } from './match.ts';

interface RouterValue extends HistorySnapshot {
  history: RouterHistory;
}

const RouterContext = createContext<RouterValue | null>(null);

interface RouteValue {
  /** What `<Outlet>` draws: the element of the next matched route inward. */
  outlet: ReactNode;
  params: Params;
}

const RouteContext = createContext<RouteValue>({ outlet: null, params: {} });

/** Follows `history` (an external store: React reads every change, none is missed). */
export function Router({ history, children }: { history: RouterHistory; children: ReactNode }) {
  const snapshot = useSyncExternalStore(history.listen, history.current, history.current);
  const value = useMemo(() => ({ ...snapshot, history }), [snapshot, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The app's router, on the browser's session history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}

/** A router in memory that starts at the last of `initialEntries` (tests). */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: readonly string[];
  children: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Routing hooks need a BrowserRouter or MemoryRouter around them');
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** How the current location was reached: Pop (first load, Back, Forward), Push or Replace. */
export function useNavigationType(): NavigationType {
  return useRouter().action;
}

/** A path, or the parts to change (a missing pathname keeps the current one). */
export type To = string | Partial<PathParts>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

function resolveTo(to: To, from: Location): PathParts {
  if (typeof to === 'string') {
    if (to.startsWith('/')) return parsePath(to);
    const url = new URL(to, `http://router${from.pathname}`);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }
  const search = to.search ?? '';
  return {
    pathname: to.pathname ?? from.pathname,
    search: search === '' || search.startsWith('?') ? search : `?${search}`,
    hash: to.hash ?? '',
  };
}

export type NavigateFunction = (to: To, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  return useCallback(
    (to, options = {}) => {
      const target = resolveTo(to, history.current().location);
      if (options.replace) history.replace(target, options.state);
      else history.push(target, options.state);
    },
    [history],
  );
}

/** The query parameters, and a setter that navigates to new ones (same path). */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) =>
      navigate({ search: next.toString() }, options),
    [navigate],
  );
  return [params, setParams];
}

/** The parameters of the matched route (`:tab` → `{ tab }`). */
export function useParams(): Params {
  return useContext(RouteContext).params;
}

/**
 * The element for the route `routes` select at the location, each matched route inside the one
 * around it (reached through `<Outlet>`); null when none matches.
 */
export function useRoutes(routes: readonly RouteObject[], location?: Location): ReactNode {
  const current = useLocation();
  const matches = matchRoutes(routes, (location ?? current).pathname);
  if (!matches) return null;
  return matches.reduceRight<ReactNode>(
    (outlet, { route, params }) => (
      <RouteContext.Provider value={{ outlet, params }}>
        {route.element ?? outlet}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** Where a layout route draws the matched route inside it. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** Navigates once drawn (a redirect). */
export function Navigate({ to, replace = false, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const path = createPath(resolveTo(to, useLocation()));
  useEffect(() => navigate(path, { replace, state }), [navigate, path, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

const modified = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/** An anchor that navigates in the app; a modified click or another target is the browser's. */
export function Link({ to, replace = false, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const href = createPath(resolveTo(to, useLocation()));
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || modified(event) || (target && target !== '_self')) return;
        event.preventDefault();
        navigate(href, { replace, state });
      }}
    />
  );
}
