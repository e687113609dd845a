import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../src/errors.ts';
import { PlayitApiClient } from '../src/runtime/tunnels/playit-api-client.ts';
import { closedPort } from '../test-support/fake-playit/local-servers.ts';
import { startFakePlayit, type FakePlayit } from '../test-support/fake-playit/fake-playit.ts';

let fake: FakePlayit;
let api: PlayitApiClient;

beforeEach(async () => {
  fake = await startFakePlayit();
  api = new PlayitApiClient({ baseUrl: fake.apiUrl, timeoutMs: 2_000 });
});
afterEach(async () => {
  await fake.close();
});

async function failure(work: Promise<unknown>): Promise<CoreError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CoreError);
  return err as CoreError;
}

async function claimedSecret(): Promise<string> {
  expect(await api.claimSetup('0011223344')).toEqual({ ok: true, data: 'WaitingForUserVisit' });
  fake.acceptClaim('0011223344');
  const exchanged = await api.claimExchange('0011223344');
  if (!exchanged.ok) throw new Error(exchanged.reason);
  return exchanged.data;
}

describe('PlayitApiClient against the fake provider', () => {
  it('walks claim setup, exchange, run data, tunnel list and routing', async () => {
    expect(await api.claimExchange('0011223344')).toEqual({ ok: false, reason: 'CodeNotFound' });
    const secret = await claimedSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await fake.addTunnel({ name: 'minecraft', localPort: 25565 });
    const run = await api.agentRunData(secret);
    expect(run.tunnels).toMatchObject([{ name: 'minecraft', local_port: 25565, proto: 'tcp' }]);
    const list = await api.tunnelsList(secret);
    expect(list.tunnels[0]?.alloc).toMatchObject({ status: 'allocated' });
    expect(await api.routing(secret)).toEqual({ targets4: ['127.0.0.1'], targets6: [] });
    const calls = fake.state.apiCalls.map((c) => `${c.path} ${c.authorized}`);
    expect(calls).toContain('/agents/rundata true');
  });

  it('returns declared failures (expired code) instead of throwing', async () => {
    await api.claimSetup('aabbccddee');
    fake.expireClaim('aabbccddee');
    expect(await api.claimSetup('aabbccddee')).toEqual({ ok: false, reason: 'CodeExpired' });
    expect(await api.claimExchange('aabbccddee')).toEqual({ ok: false, reason: 'CodeExpired' });
  });

  it('an unreachable provider is "Couldn\'t connect to Playit" with the reason', async () => {
    const down = new PlayitApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const err = await failure(down.agentRunData('secret'));
    expect(err.kind).toBe('External');
    expect(err.causes[0]).toBe("Couldn't connect to Playit");
    expect(err.causes[1]).toMatch(/ECONNREFUSED/);
  });

  it('a provider that never answers times out as unreachable', async () => {
    fake.setApiFault('hang');
    const quick = new PlayitApiClient({ baseUrl: fake.apiUrl, timeoutMs: 200 });
    const err = await failure(quick.tunnelsList('secret'));
    expect(err.causes).toEqual(["Couldn't connect to Playit", 'The request timed out']);
  });

  it('invalid JSON and a wrong shape are "Got malformed response from Playit"', async () => {
    const secret = await claimedSecret();
    fake.setApiFault('malformed-json');
    const bad = await failure(api.tunnelsList(secret));
    expect(bad.causes[0]).toBe('Got malformed response from Playit');
    fake.setApiFault('wrong-shape');
    const shape = await failure(api.agentRunData(secret));
    expect(shape.causes[0]).toBe('Got malformed response from Playit');
    expect(shape.causes[1]).toMatch(/^\/agents\/rundata: data\.agent_id/);
  });

  it('a non-2xx answer without the envelope says which status came back', async () => {
    fake.setApiFault('http-500');
    const err = await failure(api.claimSetup('0011223344'));
    expect(err.causes).toEqual(['Playit returned an error', '/claim/setup answered HTTP 500']);
  });

  it('a revoked key is "Playit rejected the agent key", never a 401 to our own client', async () => {
    const secret = await claimedSecret();
    fake.revokeKey(secret);
    const err = await failure(api.agentRunData(secret));
    expect(err.causes).toEqual(['Playit rejected the agent key', 'InvalidAgentKey']);
    expect(err.status).toBe(502);
  });

  it('signs the register request for the flow the control server reported', async () => {
    const secret = await claimedSecret();
    const signed = await api.signAgentRegister(secret, {
      clientAddr: { ip: '127.0.0.1', port: 40000 },
      tunnelAddr: { ip: '127.0.0.1', port: 5525 },
    });
    // Request type AgentRegisterV2 (7), then the versioned body and a 32-byte signature.
    expect(signed.readUInt32BE(0)).toBe(7);
    expect(signed.readBigUInt64BE(4) >> 63n).toBe(1n);
    // u32 type, version word, account, agent, agent version, timestamp, two v4 addresses, HMAC.
    expect(signed.length).toBe(4 + 8 + 4 * 8 + 7 + 7 + 32);
  });
});
