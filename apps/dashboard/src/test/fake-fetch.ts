import { vi } from 'vitest';
import { API_PREFIX } from '@hearth/protocol';
import { TEST_CORE_HOST } from './fixtures.ts';

// A stand-in for the network: answers API calls per host and records them. Hosts without
// routes are unreachable (fetch rejects like a browser does).

export interface FakeRequest {
  method: string;
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

/** `{ 'GET /info': …, 'POST /user/login': … }` keyed per host (`core.test:16662`). */
export type FakeRoutes = Record<string, Record<string, FakeHandler>>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

export function installFakeFetch(routes: FakeRoutes) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const hostRoutes = routes[url.host];
    if (!hostRoutes || !url.pathname.startsWith(API_PREFIX)) throw new TypeError('Failed to fetch');
    const path = url.pathname.slice(API_PREFIX.length);
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : null;
    const request: FakeRequest = {
      method,
      url,
      path,
      headers: new Headers(init.headers),
      body: text === null ? undefined : (JSON.parse(text) as unknown),
    };
    calls.push(request);
    const handler = hostRoutes[`${method} ${path}`];
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
  };
}

/**
 * Routes of one ordinary Hearth core at core.test:16662 (with an empty event buffer and no shipped
 * definitions unless given).
 */
export function coreRoutes(routes: Record<string, FakeHandler>): FakeRoutes {
  return {
    [TEST_CORE_HOST]: {
      'GET /events/all/buffer': { body: [] },
      'GET /games/definitions': { body: [] },
      ...routes,
    },
  };
}
