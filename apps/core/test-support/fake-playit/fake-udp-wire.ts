import { In, ipBytes, ipText, Out, type Addr } from './fake-wire.ts';

/** The UDP channel's flow footer, version 2, IPv4 only (udp_proto.rs); the fake's own reading of it. */
export const FLOW4_FOOTER = 0x5cb867cf78817399n;
export const ESTABLISH_FOOTER = 0xd01fe6830ddce781n;

export interface Flow4 {
  src: Addr;
  dst: Addr;
  clientServerId: bigint;
  tunnelId: bigint;
  portOffset: number;
}

export function withFlow4(payload: Buffer, f: Flow4): Buffer {
  const footer = new Out()
    .raw(ipBytes(f.src.host))
    .raw(ipBytes(f.dst.host))
    .u16(f.src.port)
    .u16(f.dst.port)
    .u64(f.clientServerId)
    .u64(f.tunnelId)
    .u16(f.portOffset)
    .u16(0)
    .u64(FLOW4_FOOTER)
    .done();
  return Buffer.concat([payload, footer]);
}

/** Payload and flow of an agent datagram, or null if it carries no v4 flow footer. */
export function splitFlow4(d: Buffer): { payload: Buffer; flow: Flow4 } | null {
  if (d.length < 40) return null;
  const tail = new In(d.subarray(d.length - 40));
  const src = ipText(tail.bytes(4));
  const dst = ipText(tail.bytes(4));
  const srcPort = tail.u16();
  const dstPort = tail.u16();
  const clientServerId = tail.u64();
  const tunnelId = tail.u64();
  const portOffset = tail.u16();
  const packetId = tail.u16();
  if (tail.u64() !== FLOW4_FOOTER || packetId !== 0) return null;
  return {
    payload: d.subarray(0, d.length - 40),
    flow: {
      src: { host: src, port: srcPort },
      dst: { host: dst, port: dstPort },
      clientServerId,
      tunnelId,
      portOffset,
    },
  };
}
