/**
 * The playit control protocol's binary format (agent side). Every integer is big-endian; a socket
 * address is a family byte (4 or 6), the address bytes and a u16 port; an option is a 0/1 byte then
 * the value; a byte vector is a u64 length then the bytes. A request datagram is
 * `u64 request_id, u32 request type, body`; a datagram from the server is a `u32` feed type:
 * 1 = response (`u64 request_id, u32 response type, body`), 2 = old new-client, 3 = new-client.
 */

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

export function formatAddress(a: SocketAddress): string {
  return a.ip.includes(':') ? `[${a.ip}]:${a.port}` : `${a.ip}:${a.port}`;
}

export function sameAddress(a: SocketAddress, b: SocketAddress): boolean {
  return a.ip === b.ip && a.port === b.port;
}
