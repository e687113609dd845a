import { describe, expect, it } from 'vitest';
import { ControlDecodeError, decodeControlFeed } from './control-decode.ts';
import {
  encodeKeepAlive,
  encodePing,
  encodeSetupUdpChannel,
  encodeSignedRegister,
  formatIpv6,
} from './control-codec.ts';

// Byte vectors written out by hand from the format (agent_proto + message-encoding): big-endian
// integers, address = family byte + bytes + u16 port, option = 0/1 byte, vector = u64 length.
const hex = (...parts: string[]) => Buffer.from(parts.join('').replace(/\s+/g, ''), 'hex');

const session = { sessionId: 1n, accountId: 2n, agentId: 3n };
const SESSION_HEX = '0000000000000001 0000000000000002 0000000000000003';

describe('control requests', () => {
  it('encodes a first ping: no current ping, no session', () => {
    const bytes = encodePing(1n, { now: 0x0102030405060708n, currentPing: null, session: null });
    expect(bytes.toString('hex')).toBe(
      hex('0000000000000001', '00000006', '0102030405060708', '00', '00').toString('hex'),
    );
  });

  it('encodes a ping with the current ping and the session', () => {
    const bytes = encodePing(200n, { now: 1_700_000_000_000n, currentPing: 250, session });
    expect(bytes.toString('hex')).toBe(
      hex(
        '00000000000000c8',
        '00000006',
        '0000018bcfe56800',
        '01 000000fa',
        '01',
        SESSION_HEX,
      ).toString('hex'),
    );
  });

  it('encodes keep-alive (type 3) and UDP channel setup (type 4) with the session', () => {
    expect(encodeKeepAlive(100n, session).toString('hex')).toBe(
      hex('0000000000000064', '00000003', SESSION_HEX).toString('hex'),
    );
    expect(encodeSetupUdpChannel(300n, session).toString('hex')).toBe(
      hex('000000000000012c', '00000004', SESSION_HEX).toString('hex'),
    );
  });

  it('puts only the request id in front of the signed register bytes', () => {
    const signed = hex('00000007', 'aabbccdd');
    expect(encodeSignedRegister(0x0bn, signed).toString('hex')).toBe(
      hex('000000000000000b', '00000007aabbccdd').toString('hex'),
    );
  });
});

const PONG = hex(
  '00000001', // response
  '00000000000000c8', // request id 200
  '00000001', // Pong
  '0000018bcfe56800', // request_now
  '0000018bcfe56864', // server_now (+100 ms)
  '000000000000002a', // server_id 42
  '00000002', // data center 2
  '04 7f000001 1f90', // client 127.0.0.1:8080
  '06 20010db8000000000000000000000001 15b5', // tunnel [2001:db8::1]:5557
  '01 0000018bcfe64f00', // session expires
);

describe('control feed', () => {
  it('decodes a pong with an IPv4 client address, an IPv6 tunnel address and an expiry', () => {
    expect(decodeControlFeed(PONG)).toEqual({
      kind: 'response',
      requestId: 200n,
      response: {
        type: 'Pong',
        requestNow: 0x18bcfe56800n,
        serverNow: 0x18bcfe56864n,
        serverId: 42n,
        dataCenterId: 2,
        clientAddr: { ip: '127.0.0.1', port: 8080 },
        tunnelAddr: { ip: '2001:db8::1', port: 5557 },
        sessionExpireAt: 0x18bcfe64f00n,
      },
    });
  });

  it('decodes a pong without a session', () => {
    const noSession = Buffer.concat([PONG.subarray(0, PONG.length - 9), hex('00')]);
    const feed = decodeControlFeed(noSession);
    expect(
      feed.kind === 'response' && feed.response.type === 'Pong' && feed.response.sessionExpireAt,
    ).toBe(null);
  });

  it('decodes AgentRegistered and the bodiless answers', () => {
    expect(
      decodeControlFeed(
        hex('00000001', '0000000000000005', '00000006', SESSION_HEX, '0000000000000fa0'),
      ),
    ).toEqual({
      kind: 'response',
      requestId: 5n,
      response: { type: 'AgentRegistered', session, expiresAt: 4000n },
    });
    const types = {
      2: 'InvalidSignature',
      3: 'Unauthorized',
      4: 'RequestQueued',
      5: 'TryAgainLater',
    };
    for (const [num, type] of Object.entries(types)) {
      const feed = decodeControlFeed(
        hex('00000001', '0000000000000009', Number(num).toString(16).padStart(8, '0')),
      );
      expect(feed).toEqual({ kind: 'response', requestId: 9n, response: { type } });
    }
  });

  it('decodes UDP channel details (address + length-prefixed token)', () => {
    const feed = decodeControlFeed(
      hex(
        '00000001',
        '000000000000012c',
        '00000008',
        '04 0a000002 1538',
        '0000000000000003 010203',
      ),
    );
    expect(feed).toEqual({
      kind: 'response',
      requestId: 300n,
      response: {
        type: 'UdpChannelDetails',
        tunnelAddr: { ip: '10.0.0.2', port: 5432 },
        token: Buffer.from([1, 2, 3]),
      },
    });
  });

  it('decodes a port mapping to an agent session', () => {
    const feed = decodeControlFeed(
      hex(
        '00000001',
        '0000000000000001',
        '00000007',
        '04 01020304',
        '6000 6010 01',
        '01 00000001',
        SESSION_HEX,
      ),
    );
    expect(feed.kind === 'response' && feed.response).toEqual({
      type: 'AgentPortMapping',
      ip: '1.2.3.4',
      portStart: 0x6000,
      portEnd: 0x6010,
      proto: 'tcp',
      toAgent: session,
    });
  });

  const NEW_CLIENT = hex(
    '00000003',
    '04 0a000001 63dd', // connect 10.0.0.1:25565
    '04 c0a80105 d431', // peer 192.168.1.5:54321
    '00000007', // data center
    '000000000000000b', // tunnel 11
    '0002', // port offset
    '04 7f000001 1388', // claim at 127.0.0.1:5000
    '0000000000000004 deadbeef', // token
  );

  it('decodes a new-client notification', () => {
    expect(decodeControlFeed(NEW_CLIENT)).toEqual({
      kind: 'new-client',
      client: {
        connectAddr: { ip: '10.0.0.1', port: 25565 },
        peerAddr: { ip: '192.168.1.5', port: 54321 },
        dataCenterId: 7,
        tunnelId: 11n,
        portOffset: 2,
        claim: { address: { ip: '127.0.0.1', port: 5000 }, token: hex('deadbeef') },
      },
    });
  });

  it('decodes the old new-client form (claim before ids, no tunnel id)', () => {
    const feed = decodeControlFeed(
      hex(
        '00000002',
        '04 0a000001 63dd',
        '04 c0a80105 d431',
        '04 7f000001 1388',
        '0000000000000002 abcd',
        '0000000000000063', // tunnel server id
        '00000009', // data center
      ),
    );
    expect(feed).toEqual({
      kind: 'new-client',
      client: {
        connectAddr: { ip: '10.0.0.1', port: 25565 },
        peerAddr: { ip: '192.168.1.5', port: 54321 },
        dataCenterId: 9,
        tunnelId: 0n,
        portOffset: 0,
        claim: { address: { ip: '127.0.0.1', port: 5000 }, token: hex('abcd') },
      },
    });
  });

  it('rejects every truncation of a valid datagram with a decode error, never a crash', () => {
    for (const full of [PONG, NEW_CLIENT]) {
      for (let len = 0; len < full.length; len += 1)
        expect(() => decodeControlFeed(full.subarray(0, len))).toThrow(ControlDecodeError);
    }
  });

  it('rejects unknown types, bad families, bad option flags and absurd vector lengths', () => {
    expect(() => decodeControlFeed(hex('00000009'))).toThrow(/Unknown control feed type 9/);
    expect(() => decodeControlFeed(hex('00000001', '0000000000000001', '000000ff'))).toThrow(
      /response type 255/,
    );
    const badFamily = Buffer.from(NEW_CLIENT);
    badFamily[4] = 5;
    expect(() => decodeControlFeed(badFamily)).toThrow(/address family 5/);
    const badFlag = Buffer.from(PONG);
    badFlag[PONG.length - 9] = 2;
    expect(() => decodeControlFeed(badFlag)).toThrow(/option flag 2/);
    const hugeToken = Buffer.from(NEW_CLIENT);
    hugeToken.writeBigUInt64BE(1n << 40n, NEW_CLIENT.length - 12);
    expect(() => decodeControlFeed(hugeToken)).toThrow(ControlDecodeError);
  });
});

describe('formatIpv6', () => {
  it('prints RFC 5952 text', () => {
    const v6 = (s: string) => formatIpv6(hex(s));
    expect(v6('00000000000000000000000000000001')).toBe('::1');
    expect(v6('00000000000000000000000000000000')).toBe('::');
    expect(v6('20010db8000000000000000000000001')).toBe('2001:db8::1');
    expect(v6('00010000000000010000000000000001')).toBe('1:0:0:1::1');
    expect(v6('00010000000200030004000500060007')).toBe('1:0:2:3:4:5:6:7');
  });
});
