// The base URLs of a core, apart from the route builders (paths.ts): the first screen needs these
// and nothing else of paths.ts, and a module is not split between the entry chunk and the chunks
// that load later, so keeping them beside `apiPaths` put every builder in the first load.

/** `{protocol}://{address}:{port}/api/{apiVersion}` with IPv6 in brackets. */
export function coreBaseUrl(core: {
  protocol: string;
  address: string;
  port: number;
  apiVersion: string;
}): string {
  return `${core.protocol}://${formatHost(core.address)}:${core.port}/api/${core.apiVersion}`;
}

/** The WebSocket twin of coreBaseUrl. */
export function coreSocketUrl(core: {
  protocol: string;
  address: string;
  port: number;
  apiVersion: string;
}): string {
  const scheme = core.protocol === 'https' ? 'wss' : 'ws';
  return `${scheme}://${formatHost(core.address)}:${core.port}/api/${core.apiVersion}`;
}

/** A bare IPv6 address gets square brackets (dashboard.md §5). */
export function formatHost(address: string): string {
  const trimmed = address.trim();
  if (trimmed.includes(':') && !trimmed.startsWith('[')) return `[${trimmed}]`;
  return trimmed;
}
