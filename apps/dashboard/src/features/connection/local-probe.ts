import { DEFAULT_CORE_PORT, LOCAL_CORE_ADDRESS } from '@hearth/protocol';
import type { CoreConnection } from '@/lib/session.ts';

// Where to look for a core on this machine (dashboard.md §4 "local-core probe"). A core
// serves the built dashboard at `/`, so when the page comes from a core we probe the page's
// own origin; a dev server probes the default local core instead.

export interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
}

export function localProbeTarget(page: PageLocation, servedByCore: boolean): CoreConnection {
  if (!servedByCore || (page.protocol !== 'http:' && page.protocol !== 'https:')) {
    return {
      address: LOCAL_CORE_ADDRESS,
      port: DEFAULT_CORE_PORT,
      protocol: 'http',
      apiVersion: 'v1',
    };
  }
  const protocol = page.protocol === 'https:' ? 'https' : 'http';
  const port = page.port ? Number(page.port) : protocol === 'https' ? 443 : 80;
  return { address: page.hostname, port, protocol, apiVersion: 'v1' };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackAddress(address: string): boolean {
  return LOOPBACK.has(address.trim().toLowerCase());
}

/** Loopback names are one machine: `localhost:16662` and `127.0.0.1:16662` are the same core. */
export function isSameEndpoint(a: CoreConnection, b: CoreConnection): boolean {
  if (a.port !== b.port) return false;
  const x = a.address.trim().toLowerCase();
  const y = b.address.trim().toLowerCase();
  return x === y || (isLoopbackAddress(x) && isLoopbackAddress(y));
}

export function isSavedCore(target: CoreConnection, saved: readonly CoreConnection[]): boolean {
  return saved.some((core) => isSameEndpoint(core, target));
}

/** Show "New Local Core Detected" only for a core that answered and is not saved or skipped. */
export function shouldOfferLocalCore(options: {
  answered: boolean;
  target: CoreConnection;
  saved: readonly CoreConnection[];
  skipped: boolean;
}): boolean {
  return options.answered && !options.skipped && !isSavedCore(options.target, options.saved);
}
