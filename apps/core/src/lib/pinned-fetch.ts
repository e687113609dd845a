import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/** An address already resolved (and judged) by the caller, to connect to instead of asking DNS again. */
export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

export interface PinnedInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/**
 * fetch's twin for outbound-http's `connectTo`: the connection goes to `pinned` while the URL's
 * host stays the Host header and, for https, the name the certificate is checked against. It never
 * follows redirects (the caller sees the 3xx).
 */
export function pinnedFetch(
  url: string,
  init: PinnedInit,
  pinned: PinnedAddress,
): Promise<Response> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      { method: init.method, headers: init.headers, signal: init.signal, lookup },
      (res) => {
        const status = res.statusCode ?? 0;
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) headers.append(name, v);
          else if (value !== undefined) headers.set(name, value);
        }
        if (status < 200 || status > 599) {
          res.resume();
          reject(new Error(`unexpected HTTP status ${status}`));
          return;
        }
        const empty = [204, 205, 304].includes(status) || init.method === 'HEAD';
        if (empty) res.resume();
        const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
