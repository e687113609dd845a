/**
 * The playit control protocol's binary format (agent side). Every integer is big-endian; a socket
 * address is a family byte (4 or 6), the address bytes and a u16 port; an option is a 0/1 byte then
 * the value; a byte vector is a u64 length then the bytes. A request datagram is
 * `u64 request_id, u32 request type, body`; a datagram from the server is a `u32` feed type:
 * 1 = response (`u64 request_id, u32 response type, body`), 2 = old new-client, 3 = new-client.
 */

export class ControlDecodeError extends Error {
  override readonly name = 'ControlDecodeError';
}

export interface SocketAddress {
  /** Dotted IPv4 or RFC 5952 IPv6 text. */
  ip: string;
  port: number;
}

export interface AgentSessionId {
  sessionId: bigint;
  accountId: bigint;
  agentId: bigint;
}

export interface Pong {
  requestNow: bigint;
  serverNow: bigint;
  serverId: bigint;
  dataCenterId: number;
  /** Our address as the control server sees it. */
  clientAddr: SocketAddress;
  /** The control server's address for this flow. */
  tunnelAddr: SocketAddress;
  /** Null when the server holds no session for us (not registered, or it forgot us). */
  sessionExpireAt: bigint | null;
}

export interface ClaimInstructions {
  address: SocketAddress;
  token: Buffer;
}

export interface NewClient {
  connectAddr: SocketAddress;
  peerAddr: SocketAddress;
  dataCenterId: number;
  /** 0 when the server sent the old form, which names no tunnel. */
  tunnelId: bigint;
  portOffset: number;
  claim: ClaimInstructions;
}

export type PortProto = 'tcp' | 'udp' | 'both';

export type ControlResponse =
  | ({ type: 'Pong' } & Pong)
  | { type: 'InvalidSignature' }
  | { type: 'Unauthorized' }
  | { type: 'RequestQueued' }
  | { type: 'TryAgainLater' }
  | { type: 'AgentRegistered'; session: AgentSessionId; expiresAt: bigint }
  | {
      type: 'AgentPortMapping';
      ip: string;
      portStart: number;
      portEnd: number;
      proto: PortProto;
      toAgent: AgentSessionId | null;
    }
  | { type: 'UdpChannelDetails'; tunnelAddr: SocketAddress; token: Buffer }
  | {
      type: 'CheckMtuReceivedAck';
      id: bigint;
      messageLength: number;
      ipHeaderLength: number;
      udpPayloadLength: number;
    }
  | { type: 'MtuTestPacket'; dataCenterId: number; udpPayloadLength: number }
  | { type: 'MtuTestFail'; errorCode: number };

export type ControlFeed =
  | { kind: 'response'; requestId: bigint; response: ControlResponse }
  | { kind: 'new-client'; client: NewClient };

/** Request type numbers (`ControlRequestId`). */
export const RequestType = {
  AgentKeepAlive: 3,
  SetupUdpChannel: 4,
  Ping: 6,
} as const;

const SESSION_BYTES = 24;

function writeSession(buf: Buffer, at: number, s: AgentSessionId): number {
  buf.writeBigUInt64BE(s.sessionId, at);
  buf.writeBigUInt64BE(s.accountId, at + 8);
  buf.writeBigUInt64BE(s.agentId, at + 16);
  return at + SESSION_BYTES;
}

function header(requestId: bigint, type: number, bodyBytes: number): Buffer {
  const buf = Buffer.alloc(12 + bodyBytes);
  buf.writeBigUInt64BE(requestId, 0);
  buf.writeUInt32BE(type, 8);
  return buf;
}

export interface PingRequest {
  now: bigint;
  currentPing: number | null;
  session: AgentSessionId | null;
}

export function encodePing(requestId: bigint, ping: PingRequest): Buffer {
  const body = 8 + 1 + (ping.currentPing === null ? 0 : 4) + 1 + (ping.session ? SESSION_BYTES : 0);
  const buf = header(requestId, RequestType.Ping, body);
  let at = buf.writeBigUInt64BE(ping.now, 12);
  if (ping.currentPing === null) at = buf.writeUInt8(0, at);
  else at = buf.writeUInt32BE(ping.currentPing, buf.writeUInt8(1, at));
  if (ping.session === null) buf.writeUInt8(0, at);
  else writeSession(buf, buf.writeUInt8(1, at), ping.session);
  return buf;
}

export function encodeKeepAlive(requestId: bigint, session: AgentSessionId): Buffer {
  const buf = header(requestId, RequestType.AgentKeepAlive, SESSION_BYTES);
  writeSession(buf, 12, session);
  return buf;
}

export function encodeSetupUdpChannel(requestId: bigint, session: AgentSessionId): Buffer {
  const buf = header(requestId, RequestType.SetupUdpChannel, SESSION_BYTES);
  writeSession(buf, 12, session);
  return buf;
}

/**
 * The register request: the API hands out the whole signed request body (request type included)
 * as hex, and the agent only puts its request id in front.
 */
export function encodeSignedRegister(requestId: bigint, signed: Buffer): Buffer {
  const buf = Buffer.alloc(8 + signed.length);
  buf.writeBigUInt64BE(requestId, 0);
  signed.copy(buf, 8);
  return buf;
}

class Reader {
  private at = 0;
  constructor(private readonly buf: Buffer) {}

  private need(n: number, what: string): number {
    if (this.at + n > this.buf.length)
      throw new ControlDecodeError(`Truncated control message (reading ${what})`);
    const start = this.at;
    this.at += n;
    return start;
  }

  u8(what: string): number {
    return this.buf.readUInt8(this.need(1, what));
  }
  u16(what: string): number {
    return this.buf.readUInt16BE(this.need(2, what));
  }
  u32(what: string): number {
    return this.buf.readUInt32BE(this.need(4, what));
  }
  u64(what: string): bigint {
    return this.buf.readBigUInt64BE(this.need(8, what));
  }
  bytes(n: number, what: string): Buffer {
    const start = this.need(n, what);
    return Buffer.from(this.buf.subarray(start, start + n));
  }

  vec(what: string): Buffer {
    const len = this.u64(what);
    if (len > BigInt(this.buf.length - this.at))
      throw new ControlDecodeError(`Truncated control message (reading ${what})`);
    return this.bytes(Number(len), what);
  }

  present(what: string): boolean {
    const flag = this.u8(what);
    if (flag > 1) throw new ControlDecodeError(`Invalid option flag ${flag} (${what})`);
    return flag === 1;
  }

  ip(what: string): string {
    const family = this.u8(what);
    if (family === 4) return [...this.bytes(4, what)].join('.');
    if (family === 6) return formatIpv6(this.bytes(16, what));
    throw new ControlDecodeError(`Invalid address family ${family} (${what})`);
  }

  address(what: string): SocketAddress {
    const ip = this.ip(what);
    return { ip, port: this.u16(what) };
  }

  session(what: string): AgentSessionId {
    return { sessionId: this.u64(what), accountId: this.u64(what), agentId: this.u64(what) };
  }

  claim(): ClaimInstructions {
    return { address: this.address('claim address'), token: this.vec('claim token') };
  }
}

/** RFC 5952 text of 16 address bytes (lowercase, longest zero run of two or more groups as `::`). */
export function formatIpv6(bytes: Buffer): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i));
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLen) [bestStart, bestLen] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

const PORT_PROTO: Record<number, PortProto> = { 1: 'tcp', 2: 'udp', 3: 'both' };

function decodeResponse(r: Reader): ControlResponse {
  const type = r.u32('response type');
  switch (type) {
    case 1: {
      const requestNow = r.u64('pong');
      const serverNow = r.u64('pong');
      const serverId = r.u64('pong');
      const dataCenterId = r.u32('pong');
      const clientAddr = r.address('pong client address');
      const tunnelAddr = r.address('pong tunnel address');
      const sessionExpireAt = r.present('pong expiry') ? r.u64('pong expiry') : null;
      return {
        type: 'Pong',
        requestNow,
        serverNow,
        serverId,
        dataCenterId,
        clientAddr,
        tunnelAddr,
        sessionExpireAt,
      };
    }
    case 2:
      return { type: 'InvalidSignature' };
    case 3:
      return { type: 'Unauthorized' };
    case 4:
      return { type: 'RequestQueued' };
    case 5:
      return { type: 'TryAgainLater' };
    case 6:
      return {
        type: 'AgentRegistered',
        session: r.session('registered session'),
        expiresAt: r.u64('registered expiry'),
      };
    case 7: {
      const ip = r.ip('port mapping');
      const portStart = r.u16('port mapping');
      const portEnd = r.u16('port mapping');
      const protoNum = r.u8('port mapping');
      const proto = PORT_PROTO[protoNum];
      if (!proto) throw new ControlDecodeError(`Invalid port protocol ${protoNum}`);
      let toAgent: AgentSessionId | null = null;
      if (r.present('port mapping target')) {
        const kind = r.u32('port mapping target');
        if (kind !== 1) throw new ControlDecodeError(`Invalid port mapping target ${kind}`);
        toAgent = r.session('port mapping target');
      }
      return { type: 'AgentPortMapping', ip, portStart, portEnd, proto, toAgent };
    }
    case 8:
      return {
        type: 'UdpChannelDetails',
        tunnelAddr: r.address('udp channel address'),
        token: r.vec('udp channel token'),
      };
    case 9:
      return {
        type: 'CheckMtuReceivedAck',
        id: r.u64('mtu ack'),
        messageLength: r.u32('mtu ack'),
        ipHeaderLength: r.u32('mtu ack'),
        udpPayloadLength: r.u32('mtu ack'),
      };
    case 10:
      return {
        type: 'MtuTestPacket',
        dataCenterId: r.u32('mtu test'),
        udpPayloadLength: r.u32('mtu test'),
      };
    case 11:
      return { type: 'MtuTestFail', errorCode: r.u32('mtu fail') };
    default:
      throw new ControlDecodeError(`Unknown control response type ${type}`);
  }
}

/** Decodes one datagram from the control server. Trailing bytes are ignored (newer servers may add fields). */
export function decodeControlFeed(datagram: Buffer): ControlFeed {
  const r = new Reader(datagram);
  const feed = r.u32('feed type');
  switch (feed) {
    case 1: {
      const requestId = r.u64('request id');
      return { kind: 'response', requestId, response: decodeResponse(r) };
    }
    case 2: {
      const connectAddr = r.address('connect address');
      const peerAddr = r.address('peer address');
      const claim = r.claim();
      r.u64('tunnel server id');
      const dataCenterId = r.u32('data center id');
      const client = { connectAddr, peerAddr, dataCenterId, tunnelId: 0n, portOffset: 0, claim };
      return { kind: 'new-client', client };
    }
    case 3: {
      const connectAddr = r.address('connect address');
      const peerAddr = r.address('peer address');
      const dataCenterId = r.u32('data center id');
      const tunnelId = r.u64('tunnel id');
      const portOffset = r.u16('port offset');
      const claim = r.claim();
      const client = { connectAddr, peerAddr, dataCenterId, tunnelId, portOffset, claim };
      return { kind: 'new-client', client };
    }
    default:
      throw new ControlDecodeError(`Unknown control feed type ${feed}`);
  }
}

export function formatAddress(a: SocketAddress): string {
  return a.ip.includes(':') ? `[${a.ip}]:${a.port}` : `${a.ip}:${a.port}`;
}

export function sameAddress(a: SocketAddress, b: SocketAddress): boolean {
  return a.ip === b.ip && a.port === b.port;
}
