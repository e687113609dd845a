import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { CoreError } from '../errors.ts';

// The SSRF guard for requests a user points the core at (webhooks, transfers, generic definition
// URLs of anyone but the owner: runtime/generic/bundler.ts): the host is resolved and every
// address it has must be public — not loopback, link-local, private, unique-local, unspecified,
// multicast or reserved, in IPv4 or IPv6. An IPv6 address that carries an IPv4 address is judged
// by that IPv4 too: IPv4-mapped, -compatible and -translated forms, NAT64's well-known prefix,
// 6to4 and Teredo (a host with such a tunnel or translator turns a packet to the IPv6 address into
// one to the IPv4 address it carries). The caller then connects to the address judged here
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
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated): it forwards to whatever 6to4 names
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
  // NAT64 local-use (RFC 8215): where the IPv4 sits depends on the prefix length the site chose
  // (RFC 6052 §2.2), so it cannot be read reliably; IANA marks the range not globally reachable.
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['100:0:0:1::', 64], // dummy prefix (RFC 9780)
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID (deprecated)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // SRv6 segment identifiers (RFC 9602)
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

/** Two 16-bit groups as a dotted IPv4 address. */
function ipv4Of(hi: number, lo: number): string {
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/**
 * The IPv4 addresses an IPv6 address carries, or none:
 * - mapped `::ffff:0:0/96`, compatible `::/96`, translated `::ffff:0:0:0/96` (RFC 2765) and
 *   NAT64's well-known `64:ff9b::/96` (RFC 6052): the last 32 bits;
 * - 6to4 `2002::/16` (RFC 3056): bits 16–47;
 * - Teredo `2001::/32` (RFC 4380 §4): the server in bits 32–63 and the client, inverted, in the
 *   last 32 bits; the tunnel sends to both, so both must be public.
 */
function embeddedIpv4(groups: number[]): string[] {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeros = (n: number) => groups.slice(0, n).every((g) => g === 0);
  const mapped = zeros(5) && g5 === 0xffff;
  const compatible = zeros(6);
  const translated = zeros(4) && g4 === 0xffff && g5 === 0;
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (mapped || compatible || translated || nat64) return [ipv4Of(g6, g7)];
  if (g0 === 0x2002) return [ipv4Of(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)];
  return [];
}

/** True for every address a request from the core must not reach unless the owner allowed it. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return blocked.check(bare, 'ipv4');
  const groups = ipv6Groups(bare);
  if (groups === null) return true;
  if (embeddedIpv4(groups).some((v4) => blocked.check(v4, 'ipv4'))) return true;
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
 * A one-time exception for one origin (a transfer's source core, issue 26): the first
 * `resolveTarget` of a URL of exactly that origin may reach a loopback or private address; every
 * later one, and every other origin, is judged as usual. It belongs to one transfer and is used
 * up — not a switch.
 */
export class OneShotAllowance {
  private used = false;

  constructor(readonly origin: string) {}

  /** True once, for a URL of this origin. */
  take(url: URL): boolean {
    if (this.used || url.origin !== this.origin) return false;
    this.used = true;
    return true;
  }
}

/**
 * Resolves `url`'s host and returns the address to connect to. Refuses non-HTTP(S) URLs and, unless
 * `allowPrivate` (or a one-shot `allowance` for this URL's origin), hosts with any non-public address.
 */
export async function resolveTarget(
  url: URL,
  options: {
    allowPrivate: boolean;
    resolve: Resolver;
    allowance?: OneShotAllowance;
    /** What the refusal tells the caller to do (default: the webhooks' switch). */
    remedy?: string;
  },
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
  if (!options.allowPrivate && options.allowance?.take(url) !== true) {
    const inner = addresses.find((a) => isPrivateAddress(a.address));
    if (inner)
      throw new RefusedTargetError(
        `${host} resolves to ${inner.address}, a loopback, link-local or private address; ` +
          (options.remedy ?? 'allow private targets to use it'),
      );
  }
  return first;
}
