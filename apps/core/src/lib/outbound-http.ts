import { CoreError } from '../errors.ts';
import { pinnedFetch, type PinnedAddress } from './pinned-fetch.ts';

// The core's one way to call another HTTP service (Minecraft upstreams, Mojang profiles, generic
// definition URLs, UPnP gateways, playit.gg, webhooks): every request has a time-out, and every
// failure becomes a `CoreError` of kind External with a sentence a person can act on.

const USER_AGENT = 'Hearth (self-hosted game-server manager)';

export interface OutboundRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** No request goes out without one. It covers reading the body too unless `timeoutHeadersOnly`. */
  timeoutMs: number;
  /** For long downloads: the time-out ends once the response headers arrived. */
  timeoutHeadersOnly?: boolean;
  /** The caller's own cancellation: it rejects with the abort reason, unchanged. */
  signal?: AbortSignal | undefined;
  redirect?: 'follow' | 'manual' | 'error';
  /** Resolve with non-2xx responses too (e.g. a SOAP fault is the body of a 500). */
  anyStatus?: boolean;
  /**
   * Connect to this address, already resolved and checked by the caller (address-guard.ts),
   * instead of resolving the host again; redirects are then never followed.
   */
  connectTo?: PinnedAddress;
}

/** An upstream answered with a non-2xx status. */
export class UpstreamStatusError extends CoreError {
  constructor(
    readonly url: string,
    readonly upstreamStatus: number,
    method: string,
    statusText: string,
  ) {
    super('External', `${method} ${url} answered ${upstreamStatus} ${statusText}`.trimEnd());
  }
}

export function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

export function isUpstreamNotFound(err: unknown): boolean {
  return err instanceof UpstreamStatusError && err.upstreamStatus === 404;
}

/** fetch hides the useful part ("connect ECONNREFUSED …") in `cause`. */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : err.message;
}

/** Sends the request; resolves with a 2xx response (any status with `anyStatus`) whose body the caller must read or cancel. */
export async function outboundFetch(req: OutboundRequest): Promise<Response> {
  const method = req.method ?? 'GET';
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException('The request timed out', 'TimeoutError')),
    req.timeoutMs,
  );
  timer.unref();
  const signal = req.signal ? AbortSignal.any([req.signal, timeout.signal]) : timeout.signal;
  let res: Response;
  try {
    const headers = { 'user-agent': USER_AGENT, ...req.headers };
    res = req.connectTo
      ? await pinnedFetch(
          req.url,
          { method, headers, ...(req.body === undefined ? {} : { body: req.body }), signal },
          req.connectTo,
        )
      : await fetch(req.url, {
          method,
          headers,
          ...(req.body === undefined ? {} : { body: req.body }),
          redirect: req.redirect ?? 'follow',
          signal,
        });
  } catch (err) {
    clearTimeout(timer);
    if (req.signal?.aborted) throw err;
    if (isAbortError(err))
      throw new CoreError('External', [
        `${method} ${req.url} timed out`,
        `no answer within ${Math.ceil(req.timeoutMs / 1000)} s`,
      ]);
    throw new CoreError('External', [`Could not reach ${req.url}`, reasonOf(err)]);
  }
  if (req.timeoutHeadersOnly) clearTimeout(timer);
  if (!res.ok && !req.anyStatus) {
    clearTimeout(timer);
    await res.body?.cancel().catch(() => undefined);
    throw new UpstreamStatusError(req.url, res.status, method, res.statusText);
  }
  return res;
}

/** A JSON document; invalid JSON is an External error too. */
export async function outboundJson(req: OutboundRequest): Promise<unknown> {
  const res = await outboundFetch(req);
  try {
    return await res.json();
  } catch (err) {
    if (req.signal?.aborted) throw err;
    throw new CoreError('External', `${req.method ?? 'GET'} ${req.url} did not answer valid JSON`);
  }
}

/** A text document of at most `maxBytes` (the body is refused past it, not buffered). */
export async function outboundText(req: OutboundRequest & { maxBytes?: number }): Promise<string> {
  return readCapped(await outboundFetch(req), req.url, req.maxBytes);
}

/**
 * A JSON POST whose answer the caller judges, whatever its status (an API that says why in the
 * body of a 4xx): resolves with the status and the parsed body (`undefined` when it is empty or
 * not JSON); rejects only when no answer arrived or it exceeds `maxBytes` (default 1 MiB).
 */
export async function outboundJsonExchange(
  req: Omit<OutboundRequest, 'body' | 'anyStatus'> & { body?: unknown; maxBytes?: number },
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const res = await outboundFetch({
    ...req,
    method: req.method ?? 'POST',
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    anyStatus: true,
  });
  const text = await readCapped(res, req.url, req.maxBytes ?? 1024 * 1024);
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

async function readCapped(res: Response, url: string, maxBytes?: number): Promise<string> {
  const max = maxBytes ?? Number.POSITIVE_INFINITY;
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new CoreError('External', `${url} is larger than ${max} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (res.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) {
      await res.body?.cancel().catch(() => undefined);
      throw new CoreError('External', `${url} is larger than ${max} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
