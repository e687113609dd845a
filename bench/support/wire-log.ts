// What a page fetched, as it came over the wire: every response the DevTools protocol reports, with
// its resource type, Content-Encoding, and bytes received (headers included, and the body alone).
import type { CDPSession } from '@playwright/test';

export interface WireEntry {
  url: string;
  /** DevTools resource type: Document, Script, Stylesheet, Fetch, Font, Image, Other, … */
  type: string;
  encoding: string;
  /** Bytes received for this response, headers included. */
  wire: number;
  /** Bytes of the (possibly compressed) body. */
  body: number;
}

export async function recordWire(cdp: CDPSession): Promise<() => WireEntry[]> {
  const seen = new Map<string, Omit<WireEntry, 'wire' | 'body'> & { headerBytes: number }>();
  const done: WireEntry[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    seen.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding: headers['content-encoding'] ?? 'identity',
      headerBytes: e.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = seen.get(e.requestId);
    if (!entry) return;
    const { headerBytes, ...rest } = entry;
    done.push({ ...rest, wire: e.encodedDataLength, body: e.encodedDataLength - headerBytes });
  });
  await cdp.send('Network.enable');
  return () => [...done];
}
