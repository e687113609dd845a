// Issue 12 stage 2: the playit routes of core-api.md §1.4.18 through the real core, against the
// fake playit service on 127.0.0.1 (its own implementation of the API and control protocol).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { PlayitSignupDataSchema, PlayitTunnelInfoSchema, type ClientEvent } from '@hearth/protocol';
import { TEST_TIMING } from '../test-support/fake-playit/agent-harness.ts';
import { startFakePlayit, type FakePlayit } from '../test-support/fake-playit/fake-playit.ts';
import {
  closedPort,
  connectPlayer,
  roundTrip,
  startEchoServer,
  type LocalServer,
} from '../test-support/fake-playit/local-servers.ts';
import { ConfigError, parseConfig } from '../src/config.ts';
import { startTestCore, type TestCore } from './helpers.ts';
import { EventLog, createGenericInstance, writeNodeGameDefinition } from './instance-helpers.ts';

let fake: FakePlayit | null = null;
let core: TestCore | null = null;
const servers: LocalServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await core?.close();
  core = null;
  await fake?.close();
  fake = null;
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

async function coreWithFake(
  options: { autoAcceptClaims?: boolean; autoStart?: boolean } = {},
  dataDir?: string,
): Promise<TestCore> {
  fake ??= await startFakePlayit({
    autoAcceptClaims: options.autoAcceptClaims ?? false,
    sessionStaleMs: 1_500,
    claimTimeoutMs: 1_000,
  });
  core = await startTestCore(
    {
      playit: {
        apiUrl: fake.apiUrl,
        controlAddr: fake.controlAddr,
        claimPageUrl: fake.claimPageUrl,
        claimPollIntervalMs: 20,
        timing: TEST_TIMING,
        autoStart: options.autoStart ?? false,
      },
    },
    dataDir,
  );
  if (!dataDir) dirs.push(core.dataDir);
  return core;
}

const runnerEvent = (type: string) => (e: ClientEvent) =>
  e.event_inner.type === 'PlayitggRunnerEvent' &&
  e.event_inner.playitgg_runner_event_inner.type === type;

/**
 * Signs the core up through the routes; the fake accepts the claim. The sign-up starts the runner
 * (issue 23 #25); unless `keepRunning`, it is stopped again so a test starts from a stopped runner.
 */
async function signUp(
  t: TestCore,
  owner: string,
  f: FakePlayit,
  options: { keepRunning?: boolean } = {},
): Promise<void> {
  const link = await t.request('GET', '/playitgg/generate_signup_link', { token: owner });
  expect(link.status, link.text).toBe(200);
  const data = PlayitSignupDataSchema.parse(link.json);
  expect(data.claim_code).toMatch(/^[0-9a-f]{10}$/);
  expect(data.url).toBe(`${f.claimPageUrl}/${data.claim_code}`);
  await expect.poll(() => f.state.claims.has(data.claim_code), { timeout: 10_000 }).toBe(true);
  f.acceptClaim(data.claim_code);
  await expect
    .poll(async () => (await t.request('POST', '/playitgg/verify_key', { token: owner })).json, {
      timeout: 10_000,
    })
    .toBe(true);
  await expect
    .poll(async () => (await t.request('GET', '/playitgg/cli_is_running', { token: owner })).json, {
      timeout: 10_000,
    })
    .toBe(true);
  if (options.keepRunning !== true)
    expect((await t.request('POST', '/playitgg/stop_cli', { token: owner })).status).toBe(200);
}

/** A generic instance configured on `port` (its process never listens; a test server does). */
async function instanceOnPort(t: TestCore, owner: string, port: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(t.dataDir, '..', 'hearth-playit-def-'));
  dirs.push(dir);
  const url = await writeNodeGameDefinition(path.join(dir, 'definition.mjs'), {
    name: 'tunnelled',
    displayName: 'Tunnelled',
    port,
    script: 'setInterval(() => {}, 1000)',
  });
  const log = await EventLog.open(t, owner);
  try {
    return (await createGenericInstance(t, owner, log, url, 'Survival')).uuid;
  } finally {
    log.close();
  }
}

describe('playit routes (core-api.md §1.4.18)', () => {
  it('answers without a key: verify false, start/tunnels 400, stop and is_running fine', async () => {
    const t = await coreWithFake();
    const owner = await t.setupOwner();
    expect((await t.request('POST', '/playitgg/verify_key', { token: owner })).json).toBe(false);
    expect((await t.request('GET', '/playitgg/cli_is_running', { token: owner })).json).toBe(false);
    const stop = await t.request('POST', '/playitgg/stop_cli', { token: owner });
    expect([stop.status, stop.json]).toEqual([200, null]);
    const start = await t.request('POST', '/playitgg/start_cli', { token: owner });
    expect([start.status, start.json]).toEqual([
      400,
      { kind: 'BadRequest', causes: ['No playitgg key found'] },
    ]);
    const tunnels = await t.request('GET', '/playitgg/get_tunnels', { token: owner });
    expect([tunnels.status, tunnels.json]).toEqual([
      400,
      { kind: 'BadRequest', causes: ["Couldn't find Playit key"] },
    ]);
  });

  it('refuses everyone but the owner', async () => {
    const t = await coreWithFake();
    const owner = await t.setupOwner();
    const user = await t.createUser(owner, 'player');
    for (const [method, route] of [
      ['GET', '/playitgg/generate_signup_link'],
      ['POST', '/playitgg/start_cli'],
      ['POST', '/playitgg/stop_cli'],
      ['POST', '/playitgg/verify_key'],
      ['GET', '/playitgg/cli_is_running'],
      ['GET', '/playitgg/get_tunnels'],
    ] as const) {
      expect((await t.request(method, route)).status, route).toBe(401);
      const res = await t.request(method, route, { token: user.token });
      expect([res.status, res.json], route).toEqual([
        403,
        { kind: 'PermissionDenied', causes: ['Only the owner can use the Playit integration'] },
      ]);
    }
    expect(fake?.state.apiCalls ?? []).toEqual([]);
  });

  it('signs up, lists tunnels, runs the agent with events, pipes to the instance on the port, stops', async () => {
    const t = await coreWithFake();
    const f = fake!;
    const owner = await t.setupOwner();
    await signUp(t, owner, f);
    const keyFile = path.join(t.dataDir, 'playit-secret.key');
    expect((await fs.stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(f.secrets()).toContain((await fs.readFile(keyFile, 'utf8')).trim());

    // The instance's port names the tunnel's target: the tunnel's own address (127.0.0.2, where
    // nothing listens) gives way to the instance on this machine.
    const instancePort = await closedPort();
    await instanceOnPort(t, owner, instancePort);
    const game = await startEchoServer(instancePort);
    servers.push(game);
    const other = await startEchoServer();
    servers.push(other);
    const survival = await f.addTunnel({
      name: 'survival',
      localPort: instancePort,
      localIp: '127.0.0.2',
    });
    const direct = await f.addTunnel({ name: 'direct', localPort: other.port });

    const listed = await t.request('GET', '/playitgg/get_tunnels', { token: owner });
    expect(listed.status, listed.text).toBe(200);
    const tunnels = z.array(PlayitTunnelInfoSchema).parse(listed.json);
    expect(tunnels).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'survival',
          local_ip: '127.0.0.2',
          local_port: instancePort,
          server_address: `127.0.0.1:${survival.publicPort}`,
          active: true,
        }),
        expect.objectContaining({ name: 'direct', local_port: other.port }),
      ]),
    );

    const log = await EventLog.open(t, owner);
    const start = await t.request('POST', '/playitgg/start_cli', { token: owner });
    expect([start.status, start.json]).toEqual([200, null]);
    const loading = await log.wait(runnerEvent('RunnerLoading'), 'RunnerLoading');
    const started = await log.wait(runnerEvent('RunnerStarted'), 'RunnerStarted');
    expect(loading.details).toBe('Starting runner');
    expect(started.details).toBe('Started');
    expect(started.level).toBe('Info');
    expect(BigInt(started.snowflake) > BigInt(loading.snowflake)).toBe(true);
    expect((await t.request('GET', '/playitgg/cli_is_running', { token: owner })).json).toBe(true);
    expect((await t.request('POST', '/playitgg/start_cli', { token: owner })).status).toBe(200);

    const data = randomBytes(200_000);
    const viaInstance = await roundTrip(await connectPlayer(survival.publicPort), data);
    expect(viaInstance.equals(data)).toBe(true);
    expect(game.accepted).toBe(1);
    const viaOwnAddress = await roundTrip(await connectPlayer(direct.publicPort), data);
    expect(viaOwnAddress.equals(data)).toBe(true);

    const stop = await t.request('POST', '/playitgg/stop_cli', { token: owner });
    expect([stop.status, stop.json]).toEqual([200, null]);
    const stopped = await log.wait(runnerEvent('RunnerStopped'), 'RunnerStopped');
    expect(stopped.details).toBe('Stopped');
    expect((await t.request('GET', '/playitgg/cli_is_running', { token: owner })).json).toBe(false);
    expect((await t.request('POST', '/playitgg/stop_cli', { token: owner })).status).toBe(200);
    log.close();
  });

  it('runner events reach every signed-in user (visible to everyone)', async () => {
    const t = await coreWithFake({ autoAcceptClaims: true });
    const owner = await t.setupOwner();
    const user = await t.createUser(owner, 'viewer');
    await signUp(t, owner, fake!);
    const log = await EventLog.open(t, user.token);
    expect((await t.request('POST', '/playitgg/start_cli', { token: owner })).status).toBe(200);
    await log.wait(runnerEvent('RunnerStarted'), 'RunnerStarted for a plain user');
    log.close();
  });

  it('a sign-up starts the runner as the user who asked, and each start and stop names its user (issue 23 #25)', async () => {
    const t = await coreWithFake();
    const owner = await t.setupOwner();
    const ownerCause = { type: 'User', user_name: 'owner' };
    const log = await EventLog.open(t, owner);
    // The dashboard signs up from the runner's toggle: no start_cli after it.
    await signUp(t, owner, fake!, { keepRunning: true });
    const started = await log.wait(runnerEvent('RunnerStarted'), 'RunnerStarted after sign-up');
    expect((await log.wait(runnerEvent('RunnerLoading'))).caused_by).toMatchObject(ownerCause);
    expect(started.caused_by).toMatchObject(ownerCause);

    const stopped = log.next(runnerEvent('RunnerStopped'), 'RunnerStopped');
    expect((await t.request('POST', '/playitgg/stop_cli', { token: owner })).status).toBe(200);
    expect((await stopped).caused_by).toMatchObject(ownerCause);
    const again = log.next(runnerEvent('RunnerStarted'), 'RunnerStarted');
    expect((await t.request('POST', '/playitgg/start_cli', { token: owner })).status).toBe(200);
    expect((await again).caused_by).toMatchObject(ownerCause);
    log.close();
  });

  it('a provider that cannot be reached or answers garbage is a 502 External', async () => {
    const t = await coreWithFake({ autoAcceptClaims: true });
    const owner = await t.setupOwner();
    await signUp(t, owner, fake!);
    fake!.setApiFault('malformed-json');
    const garbled = await t.request('GET', '/playitgg/get_tunnels', { token: owner });
    expect(garbled.status).toBe(502);
    expect(garbled.json).toMatchObject({
      kind: 'External',
      causes: expect.arrayContaining(['Got malformed response from Playit']) as unknown,
    });
    const start = await t.request('POST', '/playitgg/start_cli', { token: owner });
    expect(start.status).toBe(502);
    expect((start.json as { causes: string[] }).causes[0]).toBe('Failed to get rundata');
    expect((await t.request('GET', '/playitgg/cli_is_running', { token: owner })).json).toBe(false);
    fake!.setApiFault(null);
    await fake!.close();
    fake = null;
    const unreachable = await t.request('POST', '/playitgg/verify_key', { token: owner });
    expect(unreachable.status).toBe(502);
    expect((unreachable.json as { causes: string[] }).causes[0]).toBe("Couldn't connect to Playit");
  });

  it('starts the runner again at boot when it was running and auto-start is on', async () => {
    const t = await coreWithFake({ autoAcceptClaims: true, autoStart: true });
    const dataDir = t.dataDir;
    const owner = await t.setupOwner();
    await signUp(t, owner, fake!);
    expect((await t.request('POST', '/playitgg/start_cli', { token: owner })).status).toBe(200);
    await t.close();

    const again = await coreWithFake({ autoStart: true }, dataDir);
    const token = (await again.login('owner', 'owner-password')).json as { token: string };
    await expect
      .poll(
        async () =>
          (await again.request('GET', '/playitgg/cli_is_running', { token: token.token })).json,
        { timeout: 10_000 },
      )
      .toBe(true);
    // Stopped by the owner: the next boot leaves it stopped.
    expect((await again.request('POST', '/playitgg/stop_cli', { token: token.token })).status).toBe(
      200,
    );
    await again.close();
    const third = await coreWithFake({ autoStart: true }, dataDir);
    const owner3 = (await third.login('owner', 'owner-password')).json as { token: string };
    expect(
      (await third.request('GET', '/playitgg/cli_is_running', { token: owner3.token })).json,
    ).toBe(false);
  });

  it('does not start the runner at boot when auto-start is off (the default)', async () => {
    const t = await coreWithFake({ autoAcceptClaims: true });
    const dataDir = t.dataDir;
    const owner = await t.setupOwner();
    await signUp(t, owner, fake!);
    expect((await t.request('POST', '/playitgg/start_cli', { token: owner })).status).toBe(200);
    await t.close();
    const again = await coreWithFake({}, dataDir);
    const token = (await again.login('owner', 'owner-password')).json as { token: string };
    expect(
      (await again.request('GET', '/playitgg/cli_is_running', { token: token.token })).json,
    ).toBe(false);
  });
});

describe('playit configuration', () => {
  it('reads the provider addresses and auto-start from flags or the environment', () => {
    expect(parseConfig([], {}, '/').playit).toEqual({});
    expect(
      parseConfig(
        ['--playit-api-url', 'http://127.0.0.1:8080', '--playit-autostart', 'on'],
        {
          HEARTH_PLAYIT_CONTROL_ADDR: '127.0.0.1:5525',
          HEARTH_PLAYIT_CLAIM_URL: 'http://127.0.0.1:8080/claim',
          HEARTH_PLAYIT_AUTOSTART: 'off',
        },
        '/',
      ).playit,
    ).toEqual({
      apiUrl: 'http://127.0.0.1:8080',
      controlAddr: '127.0.0.1:5525',
      claimPageUrl: 'http://127.0.0.1:8080/claim',
      autoStart: true,
    });
    for (const bad of [
      ['--playit-api-url', 'ftp://x'],
      ['--playit-api-url', 'not a url'],
      ['--playit-control-addr', 'control.playit.gg'],
      ['--playit-control-addr', 'h:70000'],
      ['--playit-autostart', 'yes'],
    ])
      expect(() => parseConfig(bad, {}, '/'), bad.join(' ')).toThrow(ConfigError);
  });
});
