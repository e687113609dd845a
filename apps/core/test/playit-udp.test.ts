import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { appendFlow, parseChannelDatagram } from '../src/runtime/tunnels/udp-flow.ts';
import type { PlayitRunnerEvent } from '../src/runtime/tunnels/playit-runner.ts';
import {
  startAgentHarness,
  TEST_TIMING,
  type AgentHarness,
} from '../test-support/fake-playit/agent-harness.ts';
import { splitFlow4, withFlow4 } from '../test-support/fake-playit/fake-udp-wire.ts';
import {
  closedPort,
  connectPlayer,
  roundTrip,
  startEchoServer,
} from '../test-support/fake-playit/local-servers.ts';

let h: AgentHarness | null = null;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  await h?.close();
  h = null;
  for (const c of cleanups.splice(0)) await c();
});

async function udpSocket(onMessage?: (msg: Buffer, port: number) => void): Promise<dgram.Socket> {
  const socket = dgram.createSocket('udp4');
  if (onMessage) socket.on('message', (msg, rinfo) => onMessage(msg, rinfo.port));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  cleanups.push(() => void socket.close());
  return socket;
}

/** A local UDP server that answers every datagram with "echo:" + the datagram. */
async function udpEcho(): Promise<number> {
  const server = dgram.createSocket('udp4');
  server.on('message', (msg, rinfo) =>
    server.send(Buffer.concat([Buffer.from('echo:'), msg]), rinfo.port, rinfo.address),
  );
  await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
  cleanups.push(() => void server.close());
  return server.address().port;
}

async function startedWithChannel(): Promise<AgentHarness> {
  const harness = await startAgentHarness({
    runner: { timing: { ...TEST_TIMING, udpRequestEveryMs: 200 } },
  });
  await harness.runner.start();
  await harness.events.next((e) => e.type === 'RunnerStarted');
  while (harness.fake.udpServer.stats.establishes === 0)
    await new Promise((r) => setTimeout(r, 20));
  return harness;
}

/**
 * Sends datagrams one at a time until its echo comes back (re-sending one that was lost) and
 * returns every datagram the socket received, so a test can see what arrived at which player.
 */
async function exchange(socket: dgram.Socket, port: number, payloads: Buffer[]): Promise<Buffer[]> {
  const received: Buffer[] = [];
  socket.on('message', (msg: Buffer) => received.push(msg));
  for (const payload of payloads) {
    const expected = `echo:${payload.toString()}`;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => socket.send(payload, port, '127.0.0.1'), 500);
      const check = (msg: Buffer) => {
        if (msg.toString() !== expected) return;
        clearInterval(timer);
        socket.off('message', check);
        resolve();
      };
      socket.on('message', check);
      socket.send(payload, port, '127.0.0.1');
    });
  }
  return received;
}

describe('UDP flow footer: core and fake agree', () => {
  it('each reads what the other writes', () => {
    const flow = {
      src: { ip: '127.0.0.1', port: 40000 },
      dst: { ip: '127.0.0.1', port: 30000 },
      clientServerId: 5n,
      tunnelId: 11n,
      portOffset: 0,
      frag: null,
    };
    expect(splitFlow4(appendFlow(Buffer.from('abc'), flow))).toEqual({
      payload: Buffer.from('abc'),
      flow: {
        src: { host: '127.0.0.1', port: 40000 },
        dst: { host: '127.0.0.1', port: 30000 },
        clientServerId: 5n,
        tunnelId: 11n,
        portOffset: 0,
      },
    });
    const fromFake = withFlow4(Buffer.from('xyz'), {
      src: { host: '127.0.0.1', port: 40000 },
      dst: { host: '127.0.0.1', port: 30000 },
      clientServerId: 5n,
      tunnelId: 11n,
      portOffset: 0,
    });
    expect(parseChannelDatagram(fromFake)).toEqual({
      kind: 'flow',
      flow,
      payload: Buffer.from('xyz'),
    });
  });
});

describe('UDP tunnels', () => {
  it('carries datagrams of several players, each answered to the right player', async () => {
    h = await startedWithChannel();
    const tunnel = await h.fake.addTunnel({
      name: 'bedrock',
      localPort: await udpEcho(),
      proto: 'udp',
    });
    const players = await Promise.all([udpSocket(), udpSocket(), udpSocket()]);
    const results = await Promise.all(
      players.map(async (p, i) => {
        const payloads = Array.from({ length: 10 }, (_, n) =>
          Buffer.from(`player${i}-${n}-${randomBytes(8).toString('hex')}`),
        );
        return { payloads, answers: await exchange(p, tunnel.publicPort, payloads) };
      }),
    );
    for (const { payloads, answers } of results) {
      const own = new Set(payloads.map((p) => `echo:${p.toString()}`));
      // Every answer a player got is one of its own (a re-sent datagram may be answered twice).
      expect(answers.map(String).filter((a) => !own.has(a))).toEqual([]);
      expect(new Set(answers.map(String))).toEqual(own);
    }
    const connected = h.events.all.filter(
      (e) => e.type === 'ClientConnected' && e.protocol === 'udp',
    );
    expect(connected).toHaveLength(3);
    expect(h.runner.activeConnections).toBe(3);
  });

  it('a "both" tunnel carries TCP and UDP on the same public port', async () => {
    h = await startedWithChannel();
    const tcpEcho = await startEchoServer();
    cleanups.push(() => tcpEcho.close());
    // Both protocols use one local port number, as a game server would.
    const sameNumber = tcpEcho.port;
    const udpServer = dgram.createSocket('udp4');
    udpServer.on('message', (msg, r) =>
      udpServer.send(Buffer.concat([Buffer.from('echo:'), msg]), r.port, r.address),
    );
    await new Promise<void>((resolve) => udpServer.bind(sameNumber, '127.0.0.1', resolve));
    cleanups.push(() => void udpServer.close());

    const tunnel = await h.fake.addTunnel({ name: 'both', localPort: sameNumber, proto: 'both' });
    const data = randomBytes(10_000);
    expect((await roundTrip(await connectPlayer(tunnel.publicPort), data)).equals(data)).toBe(true);
    const answers = await exchange(await udpSocket(), tunnel.publicPort, [Buffer.from('ping')]);
    expect(answers.map(String)).toContain('echo:ping');
  });

  it('a UDP tunnel to a closed local port reports the refusal and keeps running', async () => {
    h = await startedWithChannel();
    const dead = await closedPort();
    const tunnel = await h.fake.addTunnel({ name: 'dead-udp', localPort: dead, proto: 'udp' });
    const player = await udpSocket();
    const timer = setInterval(() => player.send('hello?', tunnel.publicPort, '127.0.0.1'), 100);
    cleanups.push(() => clearInterval(timer));
    const failed = (await h.events.next(
      (e) => e.type === 'ClientFailed' && e.protocol === 'udp',
    )) as Extract<PlayitRunnerEvent, { type: 'ClientFailed' }>;
    expect(failed.tunnel).toBe('dead-udp');
    expect(failed.causes[0]).toBe(
      `The local server at 127.0.0.1:${dead} for tunnel "dead-udp" did not take the datagram`,
    );
    expect(failed.causes[1]).toMatch(/ECONNREFUSED/);
    expect(h.runner.state).toBe('Started');
  });

  it('stop closes the UDP sockets', async () => {
    h = await startedWithChannel();
    const tunnel = await h.fake.addTunnel({ name: 'u', localPort: await udpEcho(), proto: 'udp' });
    await exchange(await udpSocket(), tunnel.publicPort, [Buffer.from('one')]);
    expect(h.runner.activeConnections).toBe(1);
    await h.runner.stop();
    expect(h.runner.activeConnections).toBe(0);
    const closedEvents = h.events.all.filter(
      (e) => e.type === 'ClientClosed' && e.protocol === 'udp',
    );
    expect(closedEvents).toEqual([
      {
        type: 'ClientClosed',
        protocol: 'udp',
        tunnel: 'u',
        peer: expect.stringMatching(/^127\.0\.0\.1:/) as unknown,
        bytesFromPlayer: 3,
        bytesToPlayer: 8,
      },
    ]);
  });
});
