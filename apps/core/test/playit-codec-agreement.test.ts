import { describe, expect, it } from 'vitest';
import {
  encodeKeepAlive,
  encodePing,
  encodeSetupUdpChannel,
} from '../src/runtime/tunnels/control-codec.ts';
import { decodeControlFeed } from '../src/runtime/tunnels/control-decode.ts';
import { readRequest, write } from '../test-support/fake-playit/fake-wire.ts';

// The core's codec and the fake's are written independently from the same public format; here
// each reads what the other writes.
const session = { sessionId: 0xfedcba9876543210n, accountId: 7n, agentId: 1001n };

describe('core codec and fake wire agree', () => {
  it('the fake reads the core requests', () => {
    expect(readRequest(encodePing(1n, { now: 123n, currentPing: null, session: null }))).toEqual({
      id: 1n,
      kind: 'ping',
      now: 123n,
      session: null,
    });
    expect(readRequest(encodePing(200n, { now: 9n, currentPing: 12, session }))).toEqual({
      id: 200n,
      kind: 'ping',
      now: 9n,
      session: { session: session.sessionId, account: 7n, agent: 1001n },
    });
    expect(readRequest(encodeKeepAlive(100n, session))).toMatchObject({
      id: 100n,
      kind: 'keep-alive',
    });
    expect(readRequest(encodeSetupUdpChannel(300n, session))).toMatchObject({
      id: 300n,
      kind: 'udp-setup',
    });
  });

  it('the core reads the fake responses and notifications', () => {
    const pong = decodeControlFeed(
      write.pong(200n, {
        requestNow: 5n,
        serverNow: 6n,
        client: { host: '127.0.0.1', port: 1234 },
        tunnel: { host: '0:0:0:0:0:0:0:1', port: 5525 },
        expireAt: 99n,
      }),
    );
    expect(pong).toMatchObject({
      kind: 'response',
      requestId: 200n,
      response: {
        type: 'Pong',
        clientAddr: { ip: '127.0.0.1', port: 1234 },
        tunnelAddr: { ip: '::1', port: 5525 },
        sessionExpireAt: 99n,
      },
    });
    const registered = decodeControlFeed(
      write.registered(7n, { session: session.sessionId, account: 7n, agent: 1001n }, 50n),
    );
    expect(registered).toEqual({
      kind: 'response',
      requestId: 7n,
      response: { type: 'AgentRegistered', session, expiresAt: 50n },
    });
    expect(decodeControlFeed(write.unauthorized(3n))).toEqual({
      kind: 'response',
      requestId: 3n,
      response: { type: 'Unauthorized' },
    });
    const token = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
    expect(
      decodeControlFeed(
        write.newClient({
          connect: { host: '127.0.0.1', port: 30000 },
          peer: { host: '127.0.0.1', port: 40000 },
          tunnelId: 11n,
          portOffset: 0,
          claim: { host: '127.0.0.1', port: 30001 },
          token,
        }),
      ),
    ).toEqual({
      kind: 'new-client',
      client: {
        connectAddr: { ip: '127.0.0.1', port: 30000 },
        peerAddr: { ip: '127.0.0.1', port: 40000 },
        dataCenterId: 1,
        tunnelId: 11n,
        portOffset: 0,
        claim: { address: { ip: '127.0.0.1', port: 30001 }, token },
      },
    });
  });
});
