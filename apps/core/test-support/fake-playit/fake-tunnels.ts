import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FakeControl } from './fake-control.ts';
import type { FakeTunnel } from './fake-state.ts';
import { write } from './fake-wire.ts';

const TOKEN_BYTES = 24;

interface Pending {
  player: net.Socket;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The tunnel server side: a public TCP port per tunnel where players connect, and one claim port
 * where the agent connects back. A player's connection is held (paused) while the agent is told
 * about it over the control channel; the agent's claim with the right token gets 8 bytes back and
 * from then on the two sockets are piped together. An unclaimed player is dropped after a while.
 */
export class FakeTunnelServer {
  private claimServer: net.Server | null = null;
  private readonly publics = new Map<string, net.Server>();
  private readonly pending = new Map<string, Pending>();
  private readonly sockets = new Set<net.Socket>();
  claimPort = 0;
  /** Counters for tests. */
  readonly stats = { players: 0, refused: 0, claimed: 0, badClaims: 0, unclaimed: 0 };
  piped = 0;

  constructor(
    private readonly control: FakeControl,
    private readonly claimTimeoutMs: number,
  ) {}

  async start(): Promise<void> {
    this.claimServer = net.createServer({ allowHalfOpen: true }, (s) => this.onClaim(s));
    this.claimPort = await listen(this.claimServer, 0);
  }

  /** Opens the tunnel's public port (or `port` if given) and returns it. */
  async open(tunnel: FakeTunnel, port = 0): Promise<number> {
    const server = net.createServer({ allowHalfOpen: true, pauseOnConnect: true }, (s) =>
      this.onPlayer(tunnel, s),
    );
    const bound = await listen(server, port);
    this.publics.set(tunnel.id, server);
    return bound;
  }

  async closeTunnel(tunnel: FakeTunnel): Promise<void> {
    const server = this.publics.get(tunnel.id);
    this.publics.delete(tunnel.id);
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async close(): Promise<void> {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    for (const s of this.sockets) s.destroy();
    const servers = [...this.publics.values(), ...(this.claimServer ? [this.claimServer] : [])];
    this.publics.clear();
    await Promise.all(
      servers.map((srv) => new Promise<void>((resolve) => srv.close(() => resolve()))),
    );
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.once('close', () => this.sockets.delete(socket));
  }

  private onPlayer(tunnel: FakeTunnel, player: net.Socket): void {
    this.track(player);
    this.stats.players += 1;
    const session = this.control.liveSession();
    if (!session) {
      this.stats.refused += 1;
      player.destroy();
      return;
    }
    const token = randomBytes(TOKEN_BYTES);
    const timer = setTimeout(() => {
      this.pending.delete(token.toString('hex'));
      this.stats.unclaimed += 1;
      player.destroy();
    }, this.claimTimeoutMs);
    this.pending.set(token.toString('hex'), { player, timer });
    player.once('close', () => {
      clearTimeout(timer);
      this.pending.delete(token.toString('hex'));
    });
    const local = player.address() as net.AddressInfo;
    this.control.send(
      session.agent,
      write.newClient({
        connect: { host: '127.0.0.1', port: local.port },
        peer: { host: player.remoteAddress ?? '127.0.0.1', port: player.remotePort ?? 0 },
        tunnelId: BigInt(tunnel.internalId),
        portOffset: 0,
        claim: { host: '127.0.0.1', port: this.claimPort },
        token,
      }),
    );
  }

  private onClaim(agent: net.Socket): void {
    this.track(agent);
    const chunks: Buffer[] = [];
    let have = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      have += chunk.length;
      if (have < TOKEN_BYTES) return;
      agent.off('data', onData);
      agent.pause();
      const all = Buffer.concat(chunks);
      const token = all.subarray(0, TOKEN_BYTES).toString('hex');
      const pending = this.pending.get(token);
      if (!pending || all.length > TOKEN_BYTES) {
        this.stats.badClaims += 1;
        agent.destroy();
        return;
      }
      this.pending.delete(token);
      clearTimeout(pending.timer);
      this.stats.claimed += 1;
      const ack = Buffer.alloc(8);
      ack.writeUInt32BE(this.stats.claimed, 4);
      agent.write(ack);
      this.join(pending.player, agent);
    };
    agent.on('data', onData);
  }

  private join(player: net.Socket, agent: net.Socket): void {
    this.piped += 1;
    let closed = 0;
    const onClose = () => {
      closed += 1;
      if (closed === 2) this.piped -= 1;
    };
    const abort = () => {
      player.destroy();
      agent.destroy();
    };
    player.on('error', abort);
    agent.on('error', abort);
    // One side gone for good: flush what the other still has to write, then drop it.
    player.once('close', () => agent.destroySoon());
    agent.once('close', () => player.destroySoon());
    player.once('close', onClose);
    agent.once('close', onClose);
    player.pipe(agent);
    agent.pipe(player);
  }
}

function listen(server: net.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}
