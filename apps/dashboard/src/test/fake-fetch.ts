import { onTestFinished, vi } from 'vitest';
import { API_PREFIX, apiRoutes, findRoute, type ApiRouteName } from '@hearth/protocol';
import { TEST_CORE_HOST } from './fixtures.ts';

// A stand-in for the network: answers API calls per host and records them. Hosts without
// routes are unreachable (fetch rejects like a browser does). It knows the protocol's route table
// (routes.ts): every key must name a declared route, and a request no route declares fails the
// test, so a screen cannot call a method or path the core does not have.

export interface FakeRequest {
  method: string;
  /** The declared route the request belongs to. */
  route: ApiRouteName;
  url: URL;
  /** Path below /api/v1, without the query. */
  path: string;
  headers: Headers;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  statusText?: string;
  /** JSON-serialised unless `raw` is given. */
  body?: unknown;
  raw?: string;
}

export type FakeHandler =
  FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>);

/**
 * Per host (`core.test:16662`): `{ info: …, 'POST /user/login': … }` — a route's name answers every
 * path of that route; `METHOD /path` (below /api/v1) answers that path only, and must be a path of a
 * declared route. A concrete key wins over its route's name.
 */
export type FakeRoutes = Record<string, Record<string, FakeHandler>>;

/** Refuses a key that names no declared route (a typo or a route the core does not have). */
function checkKey(host: string, key: string): void {
  const space = key.indexOf(' ');
  if (space < 0) {
    if (!Object.hasOwn(apiRoutes, key))
      throw new Error(`Fake route ${host} "${key}": no route of that name (protocol routes.ts)`);
    return;
  }
  if (findRoute(key.slice(0, space), key.slice(space + 1)) === null)
    throw new Error(`Fake route ${host} "${key}": no route declares this method and path`);
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

export function installFakeFetch(routes: FakeRoutes) {
  for (const [host, hostRoutes] of Object.entries(routes))
    for (const key of Object.keys(hostRoutes)) checkKey(host, key);
  const calls: FakeRequest[] = [];
  const undeclared: string[] = [];
  // The client turns a failed fetch into a network error a screen may show quietly; the test
  // fails at its end instead, naming the request.
  onTestFinished(() => {
    if (undeclared.length > 0)
      throw new Error(`Requests no route declares (protocol routes.ts): ${undeclared.join(', ')}`);
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const hostRoutes = routes[url.host];
    if (!hostRoutes || !url.pathname.startsWith(API_PREFIX)) throw new TypeError('Failed to fetch');
    const path = url.pathname.slice(API_PREFIX.length);
    const method = (init.method ?? 'GET').toUpperCase();
    const route = findRoute(method, path);
    if (route === null) {
      undeclared.push(`${method} ${path}`);
      throw new Error(`No route declares ${method} ${path}`);
    }
    const text = typeof init.body === 'string' ? init.body : null;
    const request: FakeRequest = {
      method,
      route,
      url,
      path,
      headers: new Headers(init.headers),
      body: text === null ? undefined : (JSON.parse(text) as unknown),
    };
    calls.push(request);
    const handler = hostRoutes[`${method} ${path}`] ?? hostRoutes[route];
    const answer: FakeResponse = !handler
      ? { status: 404, body: { kind: 'NotFound', causes: [`No route ${method} ${path}`] } }
      : typeof handler === 'function'
        ? await handler(request)
        : handler;
    const status = answer.status ?? 200;
    const raw = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return new Response(raw === '' && (status === 204 || status === 304) ? null : raw, {
      status,
      statusText: answer.statusText ?? STATUS_TEXT[status] ?? '',
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** Calls to `METHOD /path` (below /api/v1). */
    callsTo(method: string, path: string): FakeRequest[] {
      return calls.filter((c) => c.method === method && c.path === path);
    },
    /** Calls of a declared route, whatever their path. */
    callsOf(route: ApiRouteName): FakeRequest[] {
      return calls.filter((c) => c.route === route);
    },
    /** The undeclared requests so far, which then no longer fail the test (for tests of the fake). */
    takeUndeclared(): string[] {
      return undeclared.splice(0);
    },
  };
}

/**
 * Routes of one ordinary Hearth core at core.test:16662 (with an empty event buffer and no shipped
 * definitions unless given).
 */
export function coreRoutes(routes: Record<string, FakeHandler>): FakeRoutes {
  return {
    [TEST_CORE_HOST]: {
      eventsBuffer: { body: [] },
      gamesDefinitions: { body: [] },
      ...routes,
    },
  };
}
