import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { CoreError } from '../errors.ts';

// The SSRF guard for requests a user points the core at (webhooks): the host is resolved and every
// address it has must be public — not loopback, link-local, private, unique-local, unspecified,
// multicast or reserved, in IPv4 or IPv6 (IPv4-mapped, -compatible and NAT64 forms are unwrapped
// and judged as the IPv4 address they carry). The caller then connects to the address judged here
// (outbound-http `connectTo`), so a second DNS answer cannot swap it for another (DNS rebinding).

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all of its addresses. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

const blocked = new net.BlockList();
for (const [subnet, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(subnet, prefix, 'ipv4');
for (const [subnet, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(subnet, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (zone index dropped), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const parts = tail[1].split('.').map(Number);
    if (parts.length !== 4 || parts.some((p) => p > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = parts;
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const read = (part: string | undefined) => (part ? part.split(':') : []);
  const head = read(halves[0]);
  const rest = read(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...rest].map((g) =>
    /^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : Number.NaN,
  );
  return groups.some(Number.isNaN) ? null : groups;
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96). */
function embeddedIpv4(groups: number[]): string | null {
  const zeros = (n: number) => groups.slice(0, n).every((g) => g === 0);
  const mapped = zeros(5) && groups[5] === 0xffff;
  const compatible = zeros(6);
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !compatible && !nat64) return null;
  const hi = groups[6] ?? 0;
  const lo = groups[7] ?? 0;
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** True for every address a request from the core must not reach unless the owner allowed it. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return blocked.check(bare, 'ipv4');
  const groups = ipv6Groups(bare);
  if (groups === null) return true;
  const v4 = embeddedIpv4(groups);
  if (v4 !== null) return isPrivateAddress(v4);
  const canonical = groups.map((g) => g.toString(16)).join(':');
  return blocked.check(canonical, 'ipv6');
}

/** A target the guard refused: not worth retrying. */
export class RefusedTargetError extends CoreError {
  constructor(message: string) {
    super('BadRequest', message);
  }
}

/**
 * Resolves `url`'s host and returns the address to connect to. Refuses non-HTTP(S) URLs and, unless
 * `allowPrivate`, hosts with any non-public address.
 */
export async function resolveTarget(
  url: URL,
  options: { allowPrivate: boolean; resolve: Resolver },
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RefusedTargetError('Only http and https URLs can be used');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIPv6(host) ? 6 : 4 }];
  else {
    try {
      addresses = await options.resolve(host);
    } catch {
      throw new CoreError('External', `Could not resolve ${host}`);
    }
  }
  const first = addresses[0];
  if (!first) throw new CoreError('External', `Could not resolve ${host}`);
  if (!options.allowPrivate) {
    const inner = addresses.find((a) => isPrivateAddress(a.address));
    if (inner)
      throw new RefusedTargetError(
        `${host} resolves to ${inner.address}, a loopback, link-local or private address; ` +
          'allow private targets to use it',
      );
  }
  return first;
}
