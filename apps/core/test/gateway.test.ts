import dgram from 'node:dgram';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { soapRequest } from '../src/services/gateway/soap.ts';
import { startFakeIgd, type FakeIgd } from '../test-support/fake-igd/fake-igd.ts';
import { startTestCore, type TestCore } from './helpers.ts';

const SEARCH_TARGETS = [
  'urn:schemas-upnp-org:device:InternetGatewayDevice:1',
  'urn:schemas-upnp-org:service:WANIPConnection:1',
  'urn:schemas-upnp-org:service:WANPPPConnection:1',
];

/** A UDP port on 127.0.0.1 that nothing listens on any more. */
async function closedUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  await new Promise<void>((resolve) => socket.close(resolve));
  return port;
}

async function soap(fake: FakeIgd, action: string, args: [string, string | number][]) {
  const req = soapRequest(fake.serviceType, action, args);
  const res = await fetch(fake.controlUrl, {
    method: 'POST',
    headers: req.headers,
    body: req.body,
  });
  return { status: res.status, text: await res.text() };
}

describe('PUT /gateway/open_port/:port against a fake gateway found by SSDP', () => {
  let fake: FakeIgd;
  let t: TestCore;
  let owner: string;

  beforeAll(async () => {
    fake = await startFakeIgd();
    t = await startTestCore({
      gateway: { ssdpAddress: '127.0.0.1', ssdpPort: fake.ssdpPort, timeoutMs: 5000 },
    });
    owner = await t.setupOwner();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.mappings.clear();
    fake.searches.length = 0;
    fake.actions.length = 0;
  });

  it('maps the TCP port permanently to this machine for the owner', async () => {
    const res = await t.request('PUT', '/gateway/open_port/25565', { token: owner });
    expect(res.status).toBe(200);
    expect(res.text).toBe('null');
    expect(new Set(fake.searches)).toEqual(new Set(SEARCH_TARGETS));
    expect(fake.actions).toEqual(['AddPortMapping']);
    expect([...fake.mappings.values()]).toEqual([
      {
        remoteHost: '',
        externalPort: 25565,
        protocol: 'TCP',
        internalPort: 25565,
        internalClient: '127.0.0.1',
        enabled: '1',
        description: 'Port opened by Hearth',
        leaseDuration: 0,
      },
    ]);

    // The mapping is what the gateway itself reports, and it can be removed again.
    const target: [string, string | number][] = [
      ['NewRemoteHost', ''],
      ['NewExternalPort', 25565],
      ['NewProtocol', 'TCP'],
    ];
    const entry = await soap(fake, 'GetSpecificPortMappingEntry', target);
    expect(entry.status).toBe(200);
    expect(entry.text).toContain('<NewInternalClient>127.0.0.1</NewInternalClient>');
    expect(entry.text).toContain(
      '<NewPortMappingDescription>Port opened by Hearth</NewPortMappingDescription>',
    );
    expect((await soap(fake, 'DeletePortMapping', target)).status).toBe(200);
    expect(fake.mapping(25565)).toBeUndefined();
    const gone = await soap(fake, 'GetSpecificPortMappingEntry', target);
    expect(gone.status).toBe(500);
    expect(gone.text).toContain('<errorCode>714</errorCode>');
  });

  it('opening the same port twice keeps one mapping', async () => {
    expect((await t.request('PUT', '/gateway/open_port/7777', { token: owner })).status).toBe(200);
    expect((await t.request('PUT', '/gateway/open_port/7777', { token: owner })).status).toBe(200);
    expect([...fake.mappings.keys()]).toEqual(['TCP 7777']);
  });

  it('refuses everyone but the owner, before touching the network', async () => {
    const bob = await t.createUser(owner, 'bob');
    const res = await t.request('PUT', '/gateway/open_port/25565', { token: bob.token });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      kind: 'PermissionDenied',
      causes: ['Only the owner can open ports'],
    });
    expect((await t.request('PUT', '/gateway/open_port/25565')).status).toBe(401);
    expect(fake.searches).toEqual([]);
    expect(fake.mappings.size).toBe(0);
  });

  it('rejects ports outside 1–65535 with 400', async () => {
    for (const [port, cause] of [
      ['0', 'Port must be between 1 and 65535'],
      ['65536', 'Port must be between 1 and 65535'],
      ['99999999', 'Port must be between 1 and 65535'],
      ['-1', 'Port must be a number'],
      ['abc', 'Port must be a number'],
      ['25565.5', 'Port must be a number'],
    ] as const) {
      const res = await t.request('PUT', `/gateway/open_port/${port}`, { token: owner });
      expect(res.status, port).toBe(400);
      expect(res.json, port).toEqual({ kind: 'BadRequest', causes: [cause] });
    }
    expect(fake.searches).toEqual([]);
  });

  it("passes the gateway's refusal on as 502 with its UPnP error", async () => {
    fake.refuse(25565);
    const res = await t.request('PUT', '/gateway/open_port/25565', { token: owner });
    expect(res.status).toBe(502);
    expect(res.json).toEqual({
      kind: 'External',
      causes: ['The gateway refused to open port 25565: ConflictInMappingEntry'],
    });
    expect(fake.mappings.size).toBe(0);

    // A port the gateway already maps to another machine is a real conflict too.
    fake.mappings.set('TCP 8080', {
      remoteHost: '',
      externalPort: 8080,
      protocol: 'TCP',
      internalPort: 8080,
      internalClient: '192.0.2.7',
      enabled: '1',
      description: 'someone else',
      leaseDuration: 0,
    });
    const conflict = await t.request('PUT', '/gateway/open_port/8080', { token: owner });
    expect(conflict.status).toBe(502);
    expect(conflict.json).toEqual({
      kind: 'External',
      causes: ['The gateway refused to open port 8080: ConflictInMappingEntry'],
    });
    expect(fake.mapping(8080)?.internalClient).toBe('192.0.2.7');
  });
});

describe('PUT /gateway/open_port/:port with other gateways', () => {
  let t: TestCore | null = null;
  let fake: FakeIgd | null = null;
  afterEach(async () => {
    await t?.close();
    await fake?.close();
    t = null;
    fake = null;
  });

  it('answers 502 when no gateway answers the search', async () => {
    t = await startTestCore({
      gateway: { ssdpAddress: '127.0.0.1', ssdpPort: await closedUdpPort(), timeoutMs: 300 },
    });
    const owner = await t.setupOwner();
    const res = await t.request('PUT', '/gateway/open_port/25565', { token: owner });
    expect(res.status).toBe(502);
    expect(res.json).toEqual({
      kind: 'External',
      causes: ['Could not find a UPnP gateway on this network'],
    });
  });

  it('uses a WANPPPConnection gateway whose control URL hangs off URLBase', async () => {
    fake = await startFakeIgd({ service: 'WANPPPConnection', withUrlBase: true });
    t = await startTestCore({
      gateway: { ssdpAddress: '127.0.0.1', ssdpPort: fake.ssdpPort, timeoutMs: 5000 },
    });
    const owner = await t.setupOwner();
    expect((await t.request('PUT', '/gateway/open_port/19132', { token: owner })).status).toBe(200);
    expect(fake.mapping(19132)).toMatchObject({
      protocol: 'TCP',
      internalPort: 19132,
      internalClient: '127.0.0.1',
    });
  });

  it('goes straight to a configured description URL without searching', async () => {
    fake = await startFakeIgd();
    t = await startTestCore({ gateway: { descriptionUrl: fake.descriptionUrl, timeoutMs: 5000 } });
    const owner = await t.setupOwner();
    expect((await t.request('PUT', '/gateway/open_port/2456', { token: owner })).status).toBe(200);
    expect(fake.searches).toEqual([]);
    expect(fake.mapping(2456)?.internalClient).toBe('127.0.0.1');
  });

  it('answers 500 when there is no local IPv4 address towards the gateway', async () => {
    t = await startTestCore({
      gateway: { descriptionUrl: 'http://[::1]:9/rootDesc.xml', timeoutMs: 300 },
    });
    const owner = await t.setupOwner();
    const res = await t.request('PUT', '/gateway/open_port/25565', { token: owner });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ kind: 'Internal', causes: ['Could not find local ip address'] });
  });

  it('answers 502 when the described gateway cannot be reached', async () => {
    fake = await startFakeIgd();
    const deadUrl = fake.descriptionUrl;
    await fake.close();
    fake = null;
    t = await startTestCore({ gateway: { descriptionUrl: deadUrl, timeoutMs: 2000 } });
    const owner = await t.setupOwner();
    const res = await t.request('PUT', '/gateway/open_port/25565', { token: owner });
    expect(res.status).toBe(502);
    expect(res.json).toEqual({
      kind: 'External',
      causes: [`Could not read the gateway's description at ${deadUrl}`],
    });
  });
});
