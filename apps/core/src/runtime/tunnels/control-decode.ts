import {
  formatIpv6,
  type AgentSessionId,
  type ClaimInstructions,
  type ControlFeed,
  type ControlResponse,
  type PortProto,
  type SocketAddress,
} from './control-codec.ts';

/** Reading datagrams from the control server; the format is described in control-codec.ts. */

export class ControlDecodeError extends Error {
  override readonly name = 'ControlDecodeError';
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
