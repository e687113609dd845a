import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@hearth/protocol';

/** How a task reaches the core: the API's base URL and the one `host:port` Deno may connect to. */
export interface CoreEndpoint {
  api: string;
  netAllow: string;
  /** Set for a TLS core: the host whose certificate the task accepts as the core's own. */
  insecureTlsHost: string | null;
}

/**
 * The loopback address of the listening core: 127.0.0.1 when it listens on every interface (Node's
 * `::` is dual-stack), ::1 when it listens there, else the address it is bound to.
 */
export function coreEndpoint(
  address: AddressInfo | string | null,
  tls: boolean,
): CoreEndpoint | null {
  if (address === null || typeof address === 'string') return null;
  let host: string;
  if (address.address === '::' || address.address === '0.0.0.0') host = '127.0.0.1';
  else if (address.family === 'IPv6') host = `[${address.address}]`;
  else host = address.address;
  const netAllow = `${host}:${address.port}`;
  return {
    api: `${tls ? 'https' : 'http'}://${netAllow}${API_PREFIX}`,
    netAllow,
    insecureTlsHost: tls ? host : null,
  };
}
