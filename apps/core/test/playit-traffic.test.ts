import { createHash, randomBytes } from 'node:crypto';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgentHarness, type AgentHarness } from '../test-support/fake-playit/agent-harness.ts';
import {
  connectPlayer,
  roundTrip,
  startEchoServer,
  startLocalServer,
  type LocalServer,
} from '../test-support/fake-playit/local-servers.ts';

const MiB = 1024 * 1024;

let h: AgentHarness;
const servers: LocalServer[] = [];

beforeAll(async () => {
  h = await startAgentHarness();
  await h.runner.start();
  await h.events.next((e) => e.type === 'RunnerStarted');
});
afterAll(async () => {
  await h.close();
  for (const s of servers) await s.close();
});

/** Waits for 'drain'; rejects if the socket closes first (so a test fails instead of hanging). */
function drained(socket: net.Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const onClose = () => reject(new Error('socket closed while writing'));
    socket.once('close', onClose);
    socket.once('drain', () => {
      socket.off('close', onClose);
      resolve();
    });
  });
}

/** Writes `total` random bytes with backpressure, then ends; resolves with their sha256. */
async function sendRandom(socket: net.Socket, total: number): Promise<string> {
  const hash = createHash('sha256');
  for (let sent = 0; sent < total;) {
    const chunk = randomBytes(Math.min(256 * 1024, total - sent));
    hash.update(chunk);
    sent += chunk.length;
    if (!socket.write(chunk)) await drained(socket);
  }
  socket.end();
  return hash.digest('hex');
}

/** Hashes everything the socket receives until it ends. */
function hashIncoming(socket: net.Socket): Promise<{ sha: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    socket.on('data', (c: Buffer) => {
      hash.update(c);
      bytes += c.length;
    });
    socket.once('end', () => resolve({ sha: hash.digest('hex'), bytes }));
    socket.once('error', reject);
  });
}

describe('traffic through one tunnel', () => {
  it('carries 25 concurrent players, each getting exactly its own bytes back', async () => {
    const echo = await startEchoServer();
    servers.push(echo);
    const tunnel = await h.fake.addTunnel({ name: 'many', localPort: echo.port });
    const payloads = Array.from({ length: 25 }, (_, i) => randomBytes(64 * 1024 + i * 997));
    const results = await Promise.all(
      payloads.map(async (data) => roundTrip(await connectPlayer(tunnel.publicPort), data)),
    );
    results.forEach((back, i) => expect(back.equals(payloads[i] ?? Buffer.alloc(0))).toBe(true));
    expect(echo.accepted).toBe(25);
    expect(h.fake.tunnelServer.stats.claimed).toBeGreaterThanOrEqual(25);
  });

  it('moves 50 MiB each way at once with identical sha256 on both ends', async () => {
    const SIZE = 50 * MiB;
    let serverSide: Promise<{ received: { sha: string; bytes: number }; sent: string }> | null =
      null;
    const sink = await startLocalServer((socket) => {
      serverSide = (async () => {
        const received = hashIncoming(socket);
        const sent = await sendRandom(socket, SIZE);
        return { received: await received, sent };
      })();
    });
    servers.push(sink);
    const tunnel = await h.fake.addTunnel({ name: 'bulk', localPort: sink.port });

    // Both directions run at once; either may finish first, so the player keeps its half open.
    const player = await connectPlayer(tunnel.publicPort, { allowHalfOpen: true });
    const playerReceived = hashIncoming(player);
    const playerSent = await sendRandom(player, SIZE);
    const got = await playerReceived;
    while (serverSide === null) await new Promise((r) => setTimeout(r, 5));
    const server = await (serverSide as Promise<{
      received: { sha: string; bytes: number };
      sent: string;
    }>);

    expect(server.received).toEqual({ sha: playerSent, bytes: SIZE });
    expect(got).toEqual({ sha: server.sent, bytes: SIZE });
  });

  it('holds back a fast player while the local server does not read (bounded buffers), then delivers everything', async () => {
    let held: net.Socket | null = null;
    const stalled = await startLocalServer((socket) => {
      socket.pause();
      held = socket;
    });
    servers.push(stalled);
    const tunnel = await h.fake.addTunnel({ name: 'slow', localPort: stalled.port });
    const player = await connectPlayer(tunnel.publicPort);

    // Push until writes stop draining: the pause must propagate back through the agent.
    const hash = createHash('sha256');
    const LIMIT = 256 * MiB;
    let pushed = 0;
    let maxAgentBuffer = 0;
    while (pushed < LIMIT) {
      const chunk = randomBytes(MiB);
      hash.update(chunk);
      pushed += chunk.length;
      maxAgentBuffer = Math.max(maxAgentBuffer, h.runner.bufferedBytes);
      if (player.write(chunk)) continue;
      const drained = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 1_000);
        player.once('drain', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (!drained) break;
    }
    maxAgentBuffer = Math.max(maxAgentBuffer, h.runner.bufferedBytes);
    expect(pushed).toBeLessThan(LIMIT);
    // What the agent holds is a couple of socket buffers, not what the player pushed.
    expect(maxAgentBuffer).toBeLessThan(4 * MiB);

    while (held === null) await new Promise((r) => setTimeout(r, 5));
    const arrived = hashIncoming(held);
    player.end();
    (held as net.Socket).resume();
    expect(await arrived).toEqual({ sha: hash.digest('hex'), bytes: pushed });
  });
});
