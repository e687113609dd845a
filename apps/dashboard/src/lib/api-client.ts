import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  apiRoutes,
  coreBaseUrl,
  coreSocketUrl,
  kindForStatus,
  routePath,
} from '@hearth/protocol';
import type {
  ApiRouteName,
  ApiRoutePath,
  ClientError,
  ErrorKind,
  RequestFailure,
  RouteParams,
} from '@hearth/protocol';
import { t } from '@lingui/core/macro';
import { getSession, getToken } from './session.ts';
import type { CoreConnection } from './session.ts';
import { isUsableToken } from './token.ts';

// The one HTTP client. Every call goes to the current core (or an explicit one for probes),
// carries the bearer token unless told otherwise, times out after 5 s by default
// (dashboard.md §9) and turns every failure into an ApiError carrying a RequestFailure.

/** Anything with zod's `parse`, so responses are checked by the protocol schemas. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/**
 * A parser that arrives with the first response it checks: the first screen's calls use it so
 * that their schemas, and zod, are not part of the first load (docs/performance.md). Its module
 * loads while the request is in flight.
 */
export interface LazyParser<T> {
  load(): Promise<Parser<T>>;
}

/** `load` (a dynamic import) runs once, and again after a load that failed. */
export function lazyParser<T>(load: () => Promise<Parser<T>>): LazyParser<T> {
  let loading: Promise<Parser<T>> | null = null;
  return {
    load: () =>
      (loading ??= load().catch((err: unknown) => {
        loading = null;
        throw err;
      })),
  };
}

export type Auth = 'bearer' | 'none' | { basic: { username: string; password: string } };

export interface RequestOptions<T> {
  /** The route's, from the protocol's table (apiCall). */
  method?: (typeof apiRoutes)[ApiRouteName]['method'];
  /** Serialised as JSON (a string becomes a JSON string). `undefined` sends no body. */
  body?: unknown;
  /** Sent as-is (uploads); wins over `body`. */
  rawBody?: BodyInit;
  schema?: Parser<T> | LazyParser<T>;
  /** Milliseconds; `null` disables the time-out (uploads). */
  timeoutMs?: number | null;
  auth?: Auth;
  /** Target another core than the current one (local probe, add-core check). */
  core?: CoreConnection;
  /** Override the stored token of the target core. */
  token?: string | null;
  signal?: AbortSignal;
  /** `text` skips JSON parsing (file reads). */
  responseType?: 'json' | 'text';
}

export class ApiError extends Error {
  readonly failure: RequestFailure;
  /** The `{kind,causes}` body of an HTTP failure (also when it came as a JSON string), else null. */
  readonly envelope: ClientError | null;

  constructor(failure: RequestFailure, message?: string, envelope: ClientError | null = null) {
    super(message ?? describeFailure(failure));
    this.name = 'ApiError';
    this.failure = failure;
    this.envelope = failure.type === 'http' ? envelope : null;
  }

  get status(): number | null {
    return this.failure.type === 'http' ? this.failure.status : null;
  }

  /** The server's error kind, from the `{kind,causes}` body or else the status. */
  get kind(): ErrorKind | null {
    if (this.failure.type !== 'http') return null;
    return this.envelope?.kind ?? kindForStatus(this.failure.status);
  }

  /** The `causes` of a `{kind,causes}` body, or an empty list. */
  get causes(): string[] {
    return this.envelope?.causes ?? [];
  }
}

function describeFailure(failure: RequestFailure): string {
  switch (failure.type) {
    case 'http':
      return `HTTP ${failure.status} ${failure.statusText}`.trim();
    case 'network':
      return failure.message ?? 'Network error';
    case 'timeout':
      return 'Request timed out';
    case 'unknown':
      return 'Unknown error';
  }
}

/** The failure of a request made while no core is chosen (its words in the reader's language). */
export function noCoreSelected(): ApiError {
  return new ApiError({ type: 'network', message: t`No core selected` });
}

/** Absolute URL of an API path on a core: `{protocol}://{host}:{port}/api/{version}{path}`. */
export function apiUrl(path: string, core: CoreConnection | null = getSession().current): string {
  if (!core) throw noCoreSelected();
  return `${coreBaseUrl(core)}${path}`;
}

function utf8Base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The request's headers: its authorization (bearer by default) and a JSON body's type. */
export function buildHeaders<T>(options: RequestOptions<T>, core: CoreConnection): Headers {
  const headers = new Headers();
  const auth = options.auth ?? 'bearer';
  if (auth === 'bearer') {
    const token = options.token === undefined ? getToken(core) : options.token;
    if (token && isUsableToken(token)) headers.set('Authorization', `Bearer ${token}`);
  } else if (auth !== 'none') {
    headers.set(
      'Authorization',
      `Basic ${utf8Base64(`${auth.basic.username}:${auth.basic.password}`)}`,
    );
  }
  if (options.rawBody === undefined && options.body !== undefined)
    headers.set('Content-Type', 'application/json');
  return headers;
}

/** The schema of error bodies, loaded with the first failure (it is not in the first load). */
const errorBodies = lazyParser(() =>
  import('./error-bodies.ts').then(({ parseErrorBody }) => ({ parse: parseErrorBody })),
);

/** The failure of an answer that is not 2xx, with its `{kind,causes}` envelope read. */
export async function httpError(
  status: number,
  statusText: string,
  body: unknown,
): Promise<ApiError> {
  let envelope: ClientError | null = null;
  try {
    envelope = (await errorBodies.load()).parse(body);
  } catch {
    // The schema's module did not load (the network went away): the status speaks alone.
  }
  return new ApiError({ type: 'http', status, statusText, body }, undefined, envelope);
}

/** Error bodies arrive as JSON sent with `text/plain`; parse whatever looks like JSON. */
export function parseText(text: string): unknown {
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const core = options.core ?? getSession().current;
  if (!core) throw noCoreSelected();
  const url = apiUrl(path, core);
  // A lazy schema loads while the request is in flight; a load that fails is reported below.
  const parser =
    options.schema && 'load' in options.schema ? options.schema.load() : options.schema;
  if (parser instanceof Promise) parser.catch(() => undefined);
  const controller = new AbortController();
  const timeoutMs =
    options.timeoutMs === undefined ? DEFAULT_REQUEST_TIMEOUT_MS : options.timeoutMs;
  let timedOut = false;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: buildHeaders(options, core),
      body:
        options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: controller.signal,
    });
    text = await response.text();
  } catch (err) {
    if (timedOut) throw new ApiError({ type: 'timeout' });
    if (options.signal?.aborted) throw err;
    const message = err instanceof Error ? err.message : undefined;
    throw new ApiError({ type: 'network', code: 'ERR_NETWORK', ...(message ? { message } : {}) });
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }

  if (!response.ok) throw await httpError(response.status, response.statusText, parseText(text));
  const data = options.responseType === 'text' ? text : parseText(text);
  if (!parser) return data as T;
  let schema: Parser<T>;
  try {
    schema = await parser;
  } catch (err) {
    const message = err instanceof Error ? err.message : undefined;
    throw new ApiError({ type: 'network', code: 'ERR_NETWORK', ...(message ? { message } : {}) });
  }
  try {
    return schema.parse(data);
  } catch (err) {
    console.error(`Unexpected response shape from ${path}`, err);
    throw new ApiError({ type: 'unknown' }, `Unexpected response from ${path}`);
  }
}

/** What a call adds to its route: the query string (without `?`) and the request's options. */
export interface CallOptions<T> extends Omit<RequestOptions<T>, 'method'> {
  query?: string;
}

/**
 * Calls a route by its name in the protocol's table (routes.ts): the method and the path pattern
 * come from its declaration, the parameters fill the pattern (typed from it), so no call writes a
 * method or a path of its own.
 */
export function apiCall<N extends ApiRouteName, T = unknown>(
  name: N,
  params: RouteParams<ApiRoutePath<N>>,
  options: CallOptions<T> = {},
): Promise<T> {
  const { query, ...request } = options;
  return apiRequest(withQuery(routePath(name, params), query), {
    ...request,
    method: apiRoutes[name].method,
  });
}

/** The absolute URL of a declared route (links, images, downloads) on a core. */
export function routeUrl<N extends ApiRouteName>(
  name: N,
  params: RouteParams<ApiRoutePath<N>>,
  options: { query?: string; core?: CoreConnection | null } = {},
): string {
  return apiUrl(withQuery(routePath(name, params), options.query), options.core);
}

/** The WebSocket URL of a declared socket route on a core. */
export function socketUrl<N extends ApiRouteName>(
  core: CoreConnection,
  name: N,
  params: RouteParams<ApiRoutePath<N>>,
  query?: string,
): string {
  return `${coreSocketUrl(core)}${withQuery(routePath(name, params), query)}`;
}

function withQuery(path: string, query: string | undefined): string {
  return query ? `${path}?${query}` : path;
}
