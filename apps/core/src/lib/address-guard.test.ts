// The SSRF guard's address rules (issue 22, reproduction 7): IPv6 forms that carry an IPv4 address
// — 6to4, Teredo, NAT64 — are judged by the IPv4 they carry, like the mapped forms already were.
// The same cases go through the webhook routes in test/webhooks.test.ts.
import { describe, expect, it } from 'vitest';
import { OneShotAllowance, isPrivateAddress, resolveTarget } from './address-guard.ts';

/** A Teredo address (RFC 4380 §4): server IPv4 in bits 32–63, client IPv4 inverted in the last 32. */
function teredo(server: string, client: string): string {
  const words = (ip: string, invert: boolean) => {
    const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
    const mask = invert ? 0xffff : 0;
    return [((a << 8) | b) ^ mask, ((c << 8) | d) ^ mask].map((w) => w.toString(16));
  };
  return ['2001', '0', ...words(server, false), '8000', 'f227', ...words(client, true)].join(':');
}

describe('isPrivateAddress: IPv6 forms that carry an IPv4 address', () => {
  it('judges 6to4 (2002::/16) by the IPv4 in bits 16–47', () => {
    for (const address of [
      '2002:7f00:1::', // 127.0.0.1 — the reproduction
      '2002:7f00:1::1',
      '2002:7f00:0001:0:0:0:0:1',
      '2002:a00:1::1', // 10.0.0.1
      '2002:a9fe:a9fe::', // 169.254.169.254
      '2002:c0a8:101:1::1', // 192.168.1.1
      '2002::', // 0.0.0.0
      '2002:6440:1::', // 100.64.0.1
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['2002:808:808::1', '2002:5db8:d822:1::1'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('judges Teredo (2001::/32) by both the server and the (inverted) client IPv4', () => {
    expect(teredo('65.54.227.120', '127.0.0.1')).toBe('2001:0:4136:e378:8000:f227:80ff:fffe');
    for (const address of [
      teredo('65.54.227.120', '127.0.0.1'),
      teredo('65.54.227.120', '10.1.2.3'),
      teredo('65.54.227.120', '169.254.169.254'),
      teredo('127.0.0.1', '8.8.8.8'),
      teredo('192.168.0.1', '8.8.8.8'),
      '2001::', // server 0.0.0.0, client 255.255.255.255
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    expect(isPrivateAddress(teredo('65.54.227.120', '8.8.8.8'))).toBe(false);
    // Outside 2001::/32 the same bits mean nothing: 2001:4860::/32 is an ordinary global prefix.
    expect(isPrivateAddress('2001:4860:4860::8888')).toBe(false);
  });

  it('judges the NAT64 well-known prefix by its IPv4 and refuses the local-use prefix whole', () => {
    for (const address of [
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b:1::7f00:1', // local-use (RFC 8215): the IPv4's place depends on the site's prefix
      '64:ff9b:1:ffff::808:808',
      '64:ff9b:1:7f00:1::',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    expect(isPrivateAddress('64:ff9b::808:808')).toBe(false);
    expect(isPrivateAddress('64:ff9b::8.8.8.8')).toBe(false);
  });

  it('judges IPv4-translated addresses (::ffff:0:0:0/96) by their IPv4', () => {
    expect(isPrivateAddress('::ffff:0:7f00:1')).toBe(true);
    expect(isPrivateAddress('::ffff:0:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:0:808:808')).toBe(false);
  });

  it('refuses the other IPv6 ranges that are not globally reachable', () => {
    for (const address of [
      '3fff::1', // documentation (RFC 9637)
      '5f00::1', // SRv6 SIDs (RFC 9602)
      '2001:2::1', // benchmarking
      '2001:10::1', // ORCHID (deprecated)
      '100:0:0:1::1', // dummy prefix (RFC 9780)
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    expect(isPrivateAddress('192.88.99.1')).toBe(true); // the old 6to4 relay anycast
  });
});

describe('OneShotAllowance (issue 26: a transfer reaches its source core once)', () => {
  const resolve = () => Promise.resolve([{ address: '127.0.0.1', family: 4 as const }]);

  it('lets exactly one request to its origin reach a private address, and no other origin', async () => {
    const allowance = new OneShotAllowance('http://127.0.0.1:16662');
    const options = { allowPrivate: false, resolve, allowance };
    await expect(
      resolveTarget(new URL('http://127.0.0.1:16663/api/v1/transfer/pull'), options),
    ).rejects.toThrow(/private address/);
    await expect(
      resolveTarget(new URL('http://127.0.0.1:16662/api/v1/transfer/pull'), options),
    ).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(
      resolveTarget(new URL('http://127.0.0.1:16662/api/v1/transfer/pull'), options),
    ).rejects.toThrow(/private address/);
  });

  it('leaves the guard as it was without one', async () => {
    await expect(
      resolveTarget(new URL('http://localhost:16662/'), { allowPrivate: false, resolve }),
    ).rejects.toThrow(/private address/);
  });
});
