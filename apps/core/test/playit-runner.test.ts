import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CoreError } from '../src/errors.ts';
import type { PlayitRunnerEvent } from '../src/runtime/tunnels/playit-runner.ts';
import { startAgentHarness, type AgentHarness } from '../test-support/fake-playit/agent-harness.ts';
import {
  closed,
  closedPort,
  connectPlayer,
  roundTrip,
  startEchoServer,
  type LocalServer,
} from '../test-support/fake-playit/local-servers.ts';

let h: AgentHarness | null = null;
const servers: LocalServer[] = [];

afterEach(async () => {
  await h?.close();
  h = null;
  for (const s of servers.splice(0)) await s.close();
});

const types = (events: PlayitRunnerEvent[]) => events.map((e) => e.type);
const isType =
  <T extends PlayitRunnerEvent['type']>(type: T) =>
  (e: PlayitRunnerEvent): e is Extract<PlayitRunnerEvent, { type: T }> =>
    e.type === type;

async function echo(): Promise<LocalServer> {
  const server = await startEchoServer();
  servers.push(server);
  return server;
}

/** Adds a tunnel `mc` to an echo server and starts the runner, waiting until it has started. */
async function startWithEchoTunnel(harness: AgentHarness) {
  const local = await echo();
  const tunnel = await harness.fake.addTunnel({ name: 'mc', localPort: local.port });
  await harness.runner.start();
  await harness.events.next(isType('RunnerStarted'));
  return { local, tunnel };
}

/** One player round trip through the tunnel's public port. */
async function throughTunnel(publicPort: number, size = 4096): Promise<void> {
  const data = randomBytes(size);
  const back = await roundTrip(await connectPlayer(publicPort), data);
  expect(back.equals(data)).toBe(true);
}

describe('PlayitRunner', () => {
  it('start: Loading then Started once registered; stop: Stopped; both idempotent', async () => {
    h = await startAgentHarness();
    const local = await echo();
    const tunnel = await h.fake.addTunnel({ name: 'minecraft', localPort: local.port });
    expect(h.runner.state).toBe('Stopped');

    await h.runner.start();
    expect(h.runner.isRunning()).toBe(true);
    await h.events.next(isType('RunnerStarted'));
    expect(types(h.events.all)).toEqual(['RunnerLoading', 'ControlConnected', 'RunnerStarted']);
    expect(h.runner.state).toBe('Started');
    expect(h.fake.control.registrations).toBe(1);
    expect(h.runner.tunnels().map((t) => t.name)).toEqual(['minecraft']);

    await h.runner.start();
    expect(h.events.length).toBe(3);
    await throughTunnel(tunnel.publicPort);

    await h.runner.stop();
    expect(h.runner.isRunning()).toBe(false);
    expect(h.events.all.at(-1)).toEqual({ type: 'RunnerStopped', causes: [] });
    const count = h.events.length;
    await h.runner.stop();
    expect(h.events.length).toBe(count);
  });

  it('start without a key: "No playitgg key found", nothing emitted', async () => {
    h = await startAgentHarness({ signedUp: false });
    const err = await h.runner.start().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CoreError);
    expect((err as CoreError).causes).toEqual(['No playitgg key found']);
    expect(h.runner.isRunning()).toBe(false);
    expect(h.events.length).toBe(0);
  });

  it('run data failing: "Failed to get rundata" with the reason, back to Stopped', async () => {
    h = await startAgentHarness();
    h.fake.setApiFault('wrong-shape', ['/agents/rundata']);
    const err = (await h.runner.start().catch((e: unknown) => e)) as CoreError;
    expect(err.causes.slice(0, 2)).toEqual([
      'Failed to get rundata',
      'Got malformed response from Playit',
    ]);
    expect(types(h.events.all)).toEqual(['RunnerLoading', 'RunnerStopped']);
    expect(h.runner.isRunning()).toBe(false);
  });

  it('an invalid control address: "Failed to create runner"', async () => {
    h = await startAgentHarness({ runner: { controlAddr: 'bad host:port' } });
    const err = (await h.runner.start().catch((e: unknown) => e)) as CoreError;
    expect(err.causes[0]).toBe('Failed to create runner');
    expect(h.runner.isRunning()).toBe(false);
  });

  it('re-registers when the control server restarts and forgets the session', async () => {
    h = await startAgentHarness();
    const { tunnel } = await startWithEchoTunnel(h);
    await h.fake.restartControl();
    while (h.fake.control.registrations < 2) await new Promise((r) => setTimeout(r, 20));
    await throughTunnel(tunnel.publicPort);
    expect(h.runner.state).toBe('Started');
  });

  it('reconnects with backoff after the control server is down for a while', async () => {
    h = await startAgentHarness();
    const { tunnel } = await startWithEchoTunnel(h);

    await h.fake.stopControl();
    const lost = await h.events.next(isType('ControlLost'));
    expect(lost.causes[0]).toBe('Lost the playit control channel');
    await h.events.next(isType('RunnerLoading'), 3);
    expect(h.runner.isRunning()).toBe(true);
    // While it is down, reconnect attempts fail with a clear cause and back off.
    const failed = await h.events.next(
      (e) => e.type === 'ControlLost' && e.causes[0] === 'No answer from the playit control server',
    );
    expect(failed.type).toBe('ControlLost');

    const mark = h.events.length;
    await h.fake.startControl();
    await h.events.next(isType('RunnerStarted'), mark);
    await throughTunnel(tunnel.publicPort);
  });

  it('a tunnel to a closed local port: a ClientFailed event, the player is dropped, the runner goes on', async () => {
    h = await startAgentHarness();
    const deadPort = await closedPort();
    const dead = await h.fake.addTunnel({ name: 'dead', localPort: deadPort });
    await h.runner.start();
    await h.events.next(isType('RunnerStarted'));

    const player = await connectPlayer(dead.publicPort);
    player.resume();
    const failed = await h.events.next(isType('ClientFailed'));
    expect(failed.tunnel).toBe('dead');
    expect(failed.causes[0]).toBe(
      `Couldn't connect to the local server at 127.0.0.1:${deadPort} for tunnel "dead"`,
    );
    expect(failed.causes[1]).toMatch(/ECONNREFUSED/);
    await closed(player);
    expect(h.runner.state).toBe('Started');

    const local = await echo();
    const alive = await h.fake.addTunnel({ name: 'alive', localPort: local.port });
    await throughTunnel(alive.publicPort);
  });

  it('a tunnel created after start is found by fetching the run data again', async () => {
    h = await startAgentHarness();
    await h.runner.start();
    await h.events.next(isType('RunnerStarted'));
    const local = await echo();
    const late = await h.fake.addTunnel({ name: 'late', localPort: local.port });
    await throughTunnel(late.publicPort);
    expect(h.runner.tunnels().map((t) => t.name)).toEqual(['late']);
  });

  it('resolveLocal decides the local target (the core maps a tunnel to its instance)', async () => {
    const local = await echo();
    const asked: string[] = [];
    h = await startAgentHarness({
      runner: {
        resolveLocal: (tunnel) => {
          asked.push(tunnel.name);
          return tunnel.name === 'survival' ? { host: '127.0.0.1', port: local.port } : null;
        },
      },
    });
    const survival = await h.fake.addTunnel({ name: 'survival', localPort: 1 });
    const other = await h.fake.addTunnel({ name: 'other', localPort: local.port });
    await h.runner.start();
    await h.events.next(isType('RunnerStarted'));
    await throughTunnel(survival.publicPort);
    const player = await connectPlayer(other.publicPort);
    player.resume();
    const failed = await h.events.next(isType('ClientFailed'));
    expect(failed.causes).toEqual(['No local server for tunnel "other"']);
    await closed(player);
    expect(asked).toEqual(['survival', 'other']);
  });

  it('stop closes every pipe; afterwards the tunnel carries nothing', async () => {
    h = await startAgentHarness();
    const { local, tunnel } = await startWithEchoTunnel(h);

    const players = await Promise.all(
      Array.from({ length: 6 }, () => connectPlayer(tunnel.publicPort)),
    );
    await Promise.all(
      players.map(
        (p) =>
          new Promise<void>((resolve) => {
            p.once('data', () => resolve());
            p.write('hello');
          }),
      ),
    );
    expect(h.runner.activeConnections).toBe(6);
    expect(local.open.size).toBe(6);

    await h.runner.stop();
    expect(h.runner.activeConnections).toBe(0);
    await Promise.all(players.map(closed));
    while (local.open.size > 0) await new Promise((r) => setTimeout(r, 10));

    const late = await connectPlayer(tunnel.publicPort);
    const got: Buffer[] = [];
    late.on('data', (c: Buffer) => got.push(c));
    late.on('error', () => undefined);
    late.write('anyone there?');
    await closed(late);
    expect(Buffer.concat(got).length).toBe(0);
    expect(local.accepted).toBe(6);
  });

  it('a key revoked while running stops the runner with the reason', async () => {
    h = await startAgentHarness();
    await h.runner.start();
    await h.events.next(isType('RunnerStarted'));
    h.fake.revokeKey(h.secret);
    await h.fake.restartControl();
    const stopped = await h.events.next(isType('RunnerStopped'));
    expect(stopped.causes[0]).toBe('Playit rejected the agent key');
    expect(h.runner.isRunning()).toBe(false);
  });

  it('an unreachable control server leaves the runner Loading with a clear cause, and stop still works', async () => {
    h = await startAgentHarness();
    await h.fake.stopControl();
    await h.runner.start();
    const lost = await h.events.next(isType('ControlLost'));
    expect(lost.causes).toEqual(['No answer from the playit control server', h.fake.controlAddr]);
    expect(h.runner.state).toBe('Loading');
    await h.runner.stop();
    expect(types(h.events.all).at(-1)).toBe('RunnerStopped');
  });
});
