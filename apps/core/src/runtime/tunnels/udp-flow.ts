import { formatIpv6, type SocketAddress } from './control-codec.ts';

/**
 * The footer playit appends to every datagram on the UDP channel (agent_proto `udp_proto.rs`),
 * version 2 only (the agent ignores flows without the extension):
 *
 *  IPv4: src ip(4) dst ip(4) src port(2) dst port(2) client_server_id(8) tunnel_id(8)
 *        port_offset(2) [has_more(1) frag_offset(2)] packet_id(2) footer id(8)
 *        (the bracketed part only when packet_id ≠ 0)
 *  IPv6: src ip(16) dst ip(16) src port(2) dst port(2) client_server_id(8) tunnel_id(8)
 *        port_offset(2) footer id(8)
 *
 * A datagram ending in the establish id confirms the channel instead.
 */
export const FLOW4_V2 = 0x5cb867cf78817399n;
export const FLOW6_V2 = 0x6cb667cf78817369n;
export const UDP_CHANNEL_ESTABLISH_ID = 0xd01fe6830ddce781n;

const V4_LEN = 40;
const V4_FRAG_LEN = 43;
const V6_LEN = 62;

export interface UdpFlow {
  /** The player (from the tunnel) or the tunnel's public address (towards it). */
  src: SocketAddress;
  dst: SocketAddress;
  clientServerId: bigint;
  tunnelId: bigint;
  portOffset: number;
  /** Present on fragments of a larger datagram (IPv4 only). */
  frag: { packetId: number; offset: number; more: boolean } | null;
}

export type UdpChannelDatagram =
  | { kind: 'establish' }
  | { kind: 'flow'; flow: UdpFlow; payload: Buffer }
  | { kind: 'invalid'; reason: string };

function ipv4(buf: Buffer, at: number): string {
  return `${buf[at]}.${buf[at + 1]}.${buf[at + 2]}.${buf[at + 3]}`;
}

/** Splits a datagram from the channel into its payload and flow (or recognises an establish ack). */
export function parseChannelDatagram(d: Buffer): UdpChannelDatagram {
  if (d.length < 8) return { kind: 'invalid', reason: 'datagram too short' };
  const id = d.readBigUInt64BE(d.length - 8);
  if (id === UDP_CHANNEL_ESTABLISH_ID) return { kind: 'establish' };
  if (id === FLOW4_V2) {
    if (d.length < 10) return { kind: 'invalid', reason: 'datagram too short' };
    const packetId = d.readUInt16BE(d.length - 10);
    const len = packetId === 0 ? V4_LEN : V4_FRAG_LEN;
    if (d.length < len) return { kind: 'invalid', reason: 'datagram too short' };
    const at = d.length - len;
    const flow: UdpFlow = {
      src: { ip: ipv4(d, at), port: d.readUInt16BE(at + 8) },
      dst: { ip: ipv4(d, at + 4), port: d.readUInt16BE(at + 10) },
      clientServerId: d.readBigUInt64BE(at + 12),
      tunnelId: d.readBigUInt64BE(at + 20),
      portOffset: d.readUInt16BE(at + 28),
      frag:
        packetId === 0
          ? null
          : { packetId, more: d[at + 30] !== 0, offset: d.readUInt16BE(at + 31) },
    };
    return valid(flow, d.subarray(0, at));
  }
  if (id === FLOW6_V2) {
    if (d.length < V6_LEN) return { kind: 'invalid', reason: 'datagram too short' };
    const at = d.length - V6_LEN;
    const flow: UdpFlow = {
      src: { ip: formatIpv6(d.subarray(at, at + 16)), port: d.readUInt16BE(at + 32) },
      dst: { ip: formatIpv6(d.subarray(at + 16, at + 32)), port: d.readUInt16BE(at + 34) },
      clientServerId: d.readBigUInt64BE(at + 36),
      tunnelId: d.readBigUInt64BE(at + 44),
      portOffset: d.readUInt16BE(at + 52),
      frag: null,
    };
    return valid(flow, d.subarray(0, at));
  }
  return { kind: 'invalid', reason: `unknown footer ${id.toString(16)}` };
}

function valid(flow: UdpFlow, payload: Buffer): UdpChannelDatagram {
  // Both ids are non-zero in a v2 flow.
  if (flow.clientServerId === 0n || flow.tunnelId === 0n)
    return { kind: 'invalid', reason: 'flow without ids' };
  return { kind: 'flow', flow, payload };
}

function ipBytes(ip: string): Buffer {
  if (!ip.includes(':')) return Buffer.from(ip.split('.').map(Number));
  const [head = '', tail] = ip.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  const t = tail === undefined ? [] : part(tail);
  const groups = [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(g, i * 2));
  return out;
}

/** The payload with the flow's footer appended (never fragmented: the agent sends whole datagrams). */
export function appendFlow(payload: Buffer, flow: UdpFlow): Buffer {
  const v6 = flow.src.ip.includes(':');
  const len = v6 ? V6_LEN : V4_LEN;
  const out = Buffer.alloc(payload.length + len);
  payload.copy(out, 0);
  let at = payload.length;
  const ipLen = v6 ? 16 : 4;
  ipBytes(flow.src.ip).copy(out, at);
  ipBytes(flow.dst.ip).copy(out, at + ipLen);
  at += ipLen * 2;
  at = out.writeUInt16BE(flow.src.port, at);
  at = out.writeUInt16BE(flow.dst.port, at);
  at = out.writeBigUInt64BE(flow.clientServerId, at);
  at = out.writeBigUInt64BE(flow.tunnelId, at);
  at = out.writeUInt16BE(flow.portOffset, at);
  if (!v6) at = out.writeUInt16BE(0, at);
  out.writeBigUInt64BE(v6 ? FLOW6_V2 : FLOW4_V2, at);
  return out;
}
