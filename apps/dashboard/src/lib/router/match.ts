import type { ReactNode } from 'react';

// Which routes of a route table a path selects. A route table is a tree: a route without a path
// is a layout around its children; a child's path is joined to its parent's unless it starts
// with '/'; `index` is the parent's own path; `:name` takes one segment, '*' the rest.
// Among the routes that match, the most specific wins (a fixed segment beats a parameter, which
// beats '*'), then the first declared. Segments compare case-insensitively, and a trailing slash
// does not count, as browsers' users expect of paths.

export interface RouteObject {
  path?: string;
  /** The parent's own path (no segment of its own). */
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
  /** Anything the app wants to know about a matched route (e.g. its layout). */
  handle?: unknown;
}

export type Params = Readonly<Record<string, string>>;

export interface RouteMatch {
  route: RouteObject;
  /** Every parameter taken up to and including this route. */
  params: Params;
}

interface Branch {
  /** The route and its ancestors, outermost first. */
  routes: RouteObject[];
  segments: string[];
  score: number;
  order: number;
}

const splitPath = (path: string) => path.split('/').filter((segment) => segment !== '');

const STATIC = 10;
const PARAM = 3;
const SPLAT = -2;
const INDEX = 2;

function score(segments: readonly string[], index: boolean): number {
  let total = segments.length + (index ? INDEX : 0);
  for (const segment of segments)
    total += segment === '*' ? SPLAT : segment.startsWith(':') ? PARAM : STATIC;
  return total;
}

function flatten(
  routes: readonly RouteObject[],
  parents: RouteObject[] = [],
  parentSegments: string[] = [],
  into: Branch[] = [],
): Branch[] {
  for (const route of routes) {
    const own = route.path === undefined ? [] : splitPath(route.path);
    const segments = route.path?.startsWith('/') ? own : [...parentSegments, ...own];
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, segments, into);
    // A layout without a path only matches through its children.
    if (route.index || route.path !== undefined)
      into.push({
        routes: chain,
        segments,
        score: score(segments, route.index === true),
        order: into.length,
      });
  }
  return into;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The parameters of `pathname` under `pattern`, or null when it does not match. */
function matchSegments(
  pattern: readonly string[],
  pathname: string,
): Record<string, string> | null {
  const parts = splitPath(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]!;
    if (want === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (want.startsWith(':')) params[want.slice(1)] = decode(part);
    else if (decode(part).toLowerCase() !== want.toLowerCase()) return null;
  }
  return parts.length === pattern.length ? params : null;
}

/** Each route table's branches, most specific first (a table is built once and kept). */
const ranked = new WeakMap<readonly RouteObject[], Branch[]>();

/** The matched routes, outermost first, or null when none matches `pathname`. */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  let branches = ranked.get(routes);
  if (!branches) {
    branches = flatten(routes).sort((a, b) => b.score - a.score || a.order - b.order);
    ranked.set(routes, branches);
  }
  for (const branch of branches) {
    const params = matchSegments(branch.segments, pathname);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
