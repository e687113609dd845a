import dgram from 'node:dgram';
import dns from 'node:dns/promises';
import net from 'node:net';

/** UPnP Device Architecture 1.0 §1.3.2: the SSDP multicast group and port. */
export const SSDP_MULTICAST_ADDRESS = '239.255.255.250';
export const SSDP_PORT = 1900;

/** What we search for: the gateway itself and the two services that can add port mappings. */
export const IGD_SEARCH_TARGETS = [
  'urn:schemas-upnp-org:device:InternetGatewayDevice:1',
  'urn:schemas-upnp-org:service:WANIPConnection:1',
  'urn:schemas-upnp-org:service:WANPPPConnection:1',
] as const;

export function mSearchMessage(
  searchTarget: string,
  host: string,
  port: number,
  mxSeconds: number,
): string {
  const hostHeader = net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
  return [
    'M-SEARCH * HTTP/1.1',
    `HOST: ${hostHeader}`,
    'MAN: "ssdp:discover"',
    `MX: ${mxSeconds}`,
    `ST: ${searchTarget}`,
    '',
    '',
  ].join('\r\n');
}

export interface SsdpResponse {
  status: number;
  /** Header names lower-cased; values trimmed. */
  headers: Record<string, string>;
}

/** Parses an HTTPU answer (`HTTP/1.1 200 OK` + headers); null when it is not one. */
export function parseSsdpResponse(text: string): SsdpResponse | null {
  const lines = text.split(/\r?\n/);
  const status = /^HTTP\/1\.[01]\s+(\d{3})\b/i.exec(lines[0] ?? '');
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(status[1]), headers };
}

/** A gateway's answer worth following: its description URL, and where the answer came from. */
export interface DiscoveredGateway {
  location: string;
  /** The IPv4 address that answered the search. */
  address: string;
}

/** Whether an answer points at an IGD description we can fetch. */
export function acceptableAnswer(response: SsdpResponse | null): string | null {
  if (!response || response.status !== 200) return null;
  const st = response.headers.st;
  if (st !== undefined && !(IGD_SEARCH_TARGETS as readonly string[]).includes(st)) return null;
  const location = response.headers.location;
  if (!location) return null;
  try {
    const url = new URL(location);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export interface DiscoveryOptions {
  address: string;
  port: number;
  timeoutMs: number;
}

/**
 * Sends M-SEARCH for every IGD search target to the SSDP address (the multicast group on a real
 * network, or a unicast test gateway) and resolves with the first usable answer, or null when none
 * arrives within the time-out. The searches are sent twice (at once and half-way) since UDP may
 * drop them.
 */
export function discoverGateway(options: DiscoveryOptions): Promise<DiscoveredGateway | null> {
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: false });
  const mx = Math.max(1, Math.min(5, Math.floor(options.timeoutMs / 1000) - 1));
  const messages = IGD_SEARCH_TARGETS.map((st) =>
    Buffer.from(mSearchMessage(st, options.address, options.port, mx)),
  );

  return new Promise((resolve) => {
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (result: DiscoveredGateway | null) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      closeQuietly(socket);
      resolve(result);
    };
    const sendAll = () => {
      for (const message of messages) {
        socket.send(message, options.port, options.address, () => {
          // A send error (no route, unreachable port) is the same as silence: wait for the time-out.
        });
      }
    };
    socket.on('error', () => finish(null));
    socket.on('message', (data, rinfo) => {
      const location = acceptableAnswer(parseSsdpResponse(data.toString('utf8')));
      if (location) finish({ location, address: rinfo.address });
    });
    socket.bind(0, () => {
      if (settled) return;
      if (options.address === SSDP_MULTICAST_ADDRESS) {
        try {
          socket.setMulticastTTL(2);
        } catch {
          // Keep the system default TTL.
        }
      }
      sendAll();
      timers.push(setTimeout(sendAll, Math.floor(options.timeoutMs / 2)));
    });
    timers.push(setTimeout(() => finish(null), options.timeoutMs));
  });
}

/**
 * The local IPv4 address the system would use to reach `host`: a UDP socket "connected" to it
 * (which sends nothing) reports the address of the interface the route goes through. Null when
 * the host has no IPv4 address or no route leads there.
 */
export async function localIpv4Towards(host: string): Promise<string | null> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (net.isIPv6(bare)) return null;
  let target: string;
  try {
    target = net.isIPv4(bare) ? bare : (await dns.lookup(bare, { family: 4 })).address;
  } catch {
    return null;
  }
  const socket = dgram.createSocket('udp4');
  try {
    return await new Promise<string | null>((resolve) => {
      socket.once('error', () => resolve(null));
      socket.connect(SSDP_PORT, target, () => {
        const local = socket.address().address;
        resolve(net.isIPv4(local) && local !== '0.0.0.0' ? local : null);
      });
    });
  } finally {
    closeQuietly(socket);
  }
}

function closeQuietly(socket: dgram.Socket) {
  try {
    socket.close();
  } catch {
    // Already closed after an error.
  }
}
