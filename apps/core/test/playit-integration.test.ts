import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PlayitTunnelInfoSchema } from '@hearth/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { PlayitIntegration } from '../src/runtime/tunnels/playit-integration.ts';
import type { PlayitRunnerEvent } from '../src/runtime/tunnels/playit-runner.ts';
import { TEST_TIMING } from '../test-support/fake-playit/agent-harness.ts';
import { startFakePlayit, type FakePlayit } from '../test-support/fake-playit/fake-playit.ts';
import {
  connectPlayer,
  EventLog,
  roundTrip,
  startEchoServer,
  type LocalServer,
} from '../test-support/fake-playit/local-servers.ts';

let fake: FakePlayit | null = null;
let playit: PlayitIntegration | null = null;
let local: LocalServer | null = null;
let dir = '';

afterEach(async () => {
  await playit?.close();
  await fake?.close();
  await local?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('PlayitIntegration: the calls the routes make', () => {
  it('sign up, verify, list tunnels, start, carry a player, stop', async () => {
    fake = await startFakePlayit({
      autoAcceptClaims: true,
      sessionStaleMs: 1_500,
      claimTimeoutMs: 1_000,
    });
    local = await startEchoServer();
    dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-playit-seam-'));
    const events = new EventLog<PlayitRunnerEvent>();
    const instancePort = local.port;
    playit = new PlayitIntegration({
      dataDir: dir,
      apiUrl: fake.apiUrl,
      controlAddr: fake.controlAddr,
      claimPageUrl: fake.claimPageUrl,
      claimPollIntervalMs: 10,
      // The core's default: a tunnel named after an instance goes to that instance's port.
      resolveLocal: (tunnel) =>
        tunnel.name === 'survival' ? { host: '127.0.0.1', port: instancePort } : null,
      onEvent: events.push,
      timing: TEST_TIMING,
    });

    expect(await playit.verifyKey()).toBe(false);
    await expect(playit.getTunnels()).rejects.toMatchObject({
      causes: ["Couldn't find Playit key"],
    });
    await expect(playit.startCli()).rejects.toMatchObject({ causes: ['No playitgg key found'] });
    expect(playit.cliIsRunning()).toBe(false);

    const link = playit.generateSignupLink();
    expect(link.url).toBe(`${fake.claimPageUrl}/${link.claim_code}`);
    expect((await playit.account.claimSettled())?.state).toBe('accepted');
    expect(await playit.verifyKey()).toBe(true);

    // The tunnel's own local port is wrong on purpose: resolveLocal decides.
    const tunnel = await fake.addTunnel({ name: 'survival', localPort: 1 });
    const list = await playit.getTunnels();
    expect(z.array(PlayitTunnelInfoSchema).parse(list)).toEqual([
      expect.objectContaining({
        name: 'survival',
        server_address: `127.0.0.1:${tunnel.publicPort}`,
        active: true,
      }),
    ]);

    await playit.startCli();
    expect(playit.cliIsRunning()).toBe(true);
    await events.next((e) => e.type === 'RunnerStarted');
    await playit.startCli();
    const data = randomBytes(100_000);
    expect((await roundTrip(await connectPlayer(tunnel.publicPort), data)).equals(data)).toBe(true);

    await playit.stopCli();
    expect(playit.cliIsRunning()).toBe(false);
    const runnerEvents = events.all
      .map((e) => e.type)
      .filter((t) => t === 'RunnerLoading' || t === 'RunnerStarted' || t === 'RunnerStopped');
    expect(runnerEvents.slice(0, 2)).toEqual(['RunnerLoading', 'RunnerStarted']);
    expect(runnerEvents.at(-1)).toBe('RunnerStopped');
  });
});
