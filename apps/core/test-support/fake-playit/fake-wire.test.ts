import { describe, expect, it } from 'vitest';
import { readRequest, sign, signedRegisterRequest, verify, write } from './fake-wire.ts';

// The AgentRegister vectors published in playit-agent's agent_proto tests (control_messages.rs),
// signed with HMAC-SHA256 under "test-secret-hehehe": the fake must sign exactly like the real API.
const SECRET = Buffer.from('test-secret-hehehe');
const BASE = {
  protoVersion: 1n,
  account: 100n,
  agent: 32n,
  agentVersion: 676n,
  timestamp: 103201401n,
};

describe('fake wire', () => {
  it.each([
    [
      'IPv4',
      '127.0.0.1',
      '99.12.34.51',
      '0000000000000064000000000000002000000000000002a4000000000626ba79047f000001101b04630c223314c0767a59319b8edfcc1e6f3d3ea2d19ac74a74e5f5333c9b335adc72cda821de5f',
    ],
    [
      'IPv6',
      '::88',
      '::99',
      '0000000000000064000000000000002000000000000002a4000000000626ba790600000000000000000000000000000088101b060000000000000000000000000000009914c0724f203e7ac2f090800dbeb68afbf184f367f9ca14d8a0082e245070c3835c4b',
    ],
  ])('signs an %s AgentRegister byte for byte like playit', (_family, client, tunnel, hex) => {
    const bytes = sign(
      {
        ...BASE,
        clientAddr: { host: client, port: 4123 },
        tunnelAddr: { host: tunnel, port: 5312 },
      },
      SECRET,
    );
    expect(bytes.toString('hex')).toBe(hex);
  });

  it('reads back a v2 register request it signed and checks the signature', () => {
    const plain = {
      ...BASE,
      protoVersion: 2n,
      clientAddr: { host: '127.0.0.1', port: 40000 },
      tunnelAddr: { host: '127.0.0.1', port: 5525 },
    };
    const request = Buffer.concat([Buffer.alloc(8), signedRegisterRequest(plain, SECRET)]);
    const parsed = readRequest(request);
    expect(parsed.kind).toBe('register');
    if (parsed.kind !== 'register') return;
    expect(parsed.register).toMatchObject({ protoVersion: 2n, account: 100n, agent: 32n });
    expect(verify(parsed.register, SECRET)).toBe(true);
    expect(verify(parsed.register, Buffer.from('another secret'))).toBe(false);
    parsed.register.clientAddr.port += 1;
    expect(verify(parsed.register, SECRET)).toBe(false);
  });

  it('writes a pong whose option byte and addresses sit where the format says', () => {
    const bytes = write.pong(200n, {
      requestNow: 1n,
      serverNow: 2n,
      client: { host: '127.0.0.1', port: 8080 },
      tunnel: { host: '127.0.0.1', port: 5525 },
      expireAt: null,
    });
    expect(bytes.toString('hex')).toBe(
      '00000001' +
        '00000000000000c8' +
        '00000001' +
        '0000000000000001' +
        '0000000000000002' +
        '000000000000004d' +
        '00000001' +
        '047f0000011f90' +
        '047f0000011595' +
        '00',
    );
  });
});
