import { describe, expect, it } from 'vitest';
import { appendFlow, parseChannelDatagram } from './udp-flow.ts';

const hex = (...parts: string[]) => Buffer.from(parts.join('').replace(/\s+/g, ''), 'hex');

// Written out from udp_proto.rs: addresses, ports, client_server_id, tunnel_id, port_offset,
// [has_more, frag_offset,] packet_id, footer id.
const V4_FOOTER = hex(
  '04020103 01020304', // src 4.2.1.3, dst 1.2.3.4
  '04d2 1588', // ports 1234, 5512
  '000000000000000c', // client_server_id 12
  '000000000000007b', // tunnel 123
  '007b', // port offset 123
  '0000', // packet id 0: not a fragment
  '5cb867cf78817399',
);

const flow4 = {
  src: { ip: '4.2.1.3', port: 1234 },
  dst: { ip: '1.2.3.4', port: 5512 },
  clientServerId: 12n,
  tunnelId: 123n,
  portOffset: 123,
  frag: null,
};

describe('UDP flow footer', () => {
  it('splits an IPv4 datagram into payload and flow', () => {
    const d = Buffer.concat([Buffer.from('hello'), V4_FOOTER]);
    expect(parseChannelDatagram(d)).toEqual({
      kind: 'flow',
      flow: flow4,
      payload: Buffer.from('hello'),
    });
  });

  it('appends exactly the footer it parses', () => {
    expect(appendFlow(Buffer.from('hello'), flow4).toString('hex')).toBe(
      Buffer.concat([Buffer.from('hello'), V4_FOOTER]).toString('hex'),
    );
  });

  it('reads the fragment fields of a fragmented IPv4 datagram', () => {
    const d = hex(
      'aabb',
      '04020103 01020304 04d2 1588',
      '000000000000000c 000000000000007b 0000',
      '01 0010', // more fragments follow, offset 16
      '0007', // packet id 7
      '5cb867cf78817399',
    );
    const parsed = parseChannelDatagram(d);
    expect(parsed).toEqual({
      kind: 'flow',
      flow: { ...flow4, portOffset: 0, frag: { packetId: 7, more: true, offset: 16 } },
      payload: hex('aabb'),
    });
  });

  it('round-trips an IPv6 flow (62-byte footer)', () => {
    const flow6 = {
      src: { ip: '2601:1c2:c100:555:20f:53ff:fe4e:e541', port: 100 },
      dst: { ip: '2001:db8::1', port: 999 },
      clientServerId: 12n,
      tunnelId: 123n,
      portOffset: 999,
      frag: null,
    };
    const d = appendFlow(Buffer.from('x'), flow6);
    expect(d.length).toBe(1 + 62);
    expect(d.readBigUInt64BE(d.length - 8)).toBe(0x6cb667cf78817369n);
    expect(parseChannelDatagram(d)).toEqual({
      kind: 'flow',
      flow: flow6,
      payload: Buffer.from('x'),
    });
  });

  it('recognises the establish answer and refuses junk', () => {
    expect(parseChannelDatagram(hex('d01fe6830ddce781'))).toEqual({ kind: 'establish' });
    expect(parseChannelDatagram(hex('0102'))).toMatchObject({ kind: 'invalid' });
    expect(parseChannelDatagram(hex('00'.repeat(40)))).toMatchObject({
      kind: 'invalid',
      reason: /footer/,
    });
    expect(parseChannelDatagram(V4_FOOTER.subarray(4))).toMatchObject({ kind: 'invalid' });
    const noIds = Buffer.from(V4_FOOTER);
    noIds.fill(0, 12, 28);
    expect(parseChannelDatagram(noIds)).toMatchObject({
      kind: 'invalid',
      reason: 'flow without ids',
    });
  });
});
