import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { badRequest, external } from '../../errors.ts';
import type { SocketAddress } from './control-codec.ts';

/** The control servers' UDP port (agent_core `AuthApi::get_control_addresses`). */
export const CONTROL_PORT = 5525;

/** Where the control channel may connect, best first. Called again every re-resolve interval. */
export type ControlTargets = () => Promise<SocketAddress[]>;

/** `host:port`, `[v6]:port` or a bare host (port 5525): the `HEARTH_PLAYIT_CONTROL_ADDR` format. */
export function parseControlAddress(text: string): { host: string; port: number } {
  const trimmed = text.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
  let host: string;
  let portText: string | undefined;
  if (bracketed) {
    host = bracketed[1] ?? '';
    portText = bracketed[2];
  } else if (isIP(trimmed) === 6) {
    host = trimmed;
  } else {
    const at = trimmed.lastIndexOf(':');
    host = at < 0 ? trimmed : trimmed.slice(0, at);
    portText = at < 0 ? undefined : trimmed.slice(at + 1);
  }
  const port = portText === undefined ? CONTROL_PORT : Number(portText);
  if (host.length === 0 || !Number.isInteger(port) || port < 1 || port > 65535 || /\s/.test(host))
    throw badRequest('Invalid playit control address', text);
  return { host, port };
}

/** Resolves a configured control address through DNS each time it is asked (it may move). */
export function dnsControlTargets(address: string): ControlTargets {
  const { host, port } = parseControlAddress(address);
  return async () => {
    if (isIP(host) !== 0) return [{ ip: host, port }];
    try {
      const found = await lookup(host, { all: true, verbatim: true });
      // IPv4 first: the official agent tries an IPv6 server only once.
      return found
        .sort((a, b) => a.family - b.family)
        .map((entry) => ({ ip: entry.address, port }));
    } catch (err) {
      throw external(
        'Could not resolve the playit control address',
        `${host}: ${(err as { code?: string }).code ?? 'lookup failed'}`,
      );
    }
  };
}

/** Asks the provider's API which control servers to use. */
export function apiControlTargets(
  routing: () => Promise<{ targets4: string[]; targets6: string[] }>,
): ControlTargets {
  return async () => {
    const r = await routing();
    const all = [...r.targets4, ...r.targets6].map((ip) => ({ ip, port: CONTROL_PORT }));
    if (all.length === 0) throw external('Playit named no control server for this agent');
    return all;
  };
}
