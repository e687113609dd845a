import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import type { FakeTunnel } from './fake-state.ts';
import { ESTABLISH_FOOTER, splitFlow4, withFlow4 } from './fake-udp-wire.ts';
import { Out, type Addr } from './fake-wire.ts';

/**
 * The UDP side of the tunnel server: a channel port where an agent proves its session with the
 * token the control server handed out (answered with the establish id), and a public UDP port per
 * tunnel. A player's datagram goes to the agent with a flow footer naming the player and the
 * tunnel; the agent's answer carries the flipped flow and is sent on to the player it names.
 */
export class FakeUdpServer {
  private channel: dgram.Socket | null = null;
  private readonly tokens = new Map<string, string>();
  private readonly agents = new Map<string, Addr>();
  private readonly publics = new Map<number, { socket: dgram.Socket; tunnel: FakeTunnel }>();
  readonly stats = { toAgent: 0, toPlayer: 0, establishes: 0, dropped: 0 };
  port = 0;

  /** Which session may currently receive players (the control server's newest live session). */
  constructor(private readonly liveSession: () => string | null) {}

  get address(): Addr {
    return { host: '127.0.0.1', port: this.port };
  }

  async start(): Promise<void> {
    this.channel = await bind((msg, from) => this.fromAgent(msg, from));
    this.port = this.channel.address().port;
  }

  /** The token for a session's UdpChannelDetails (stable per session). */
  tokenFor(session: string): Buffer {
    for (const [token, owner] of this.tokens)
      if (owner === session) return Buffer.from(token, 'hex');
    const token = randomBytes(32);
    this.tokens.set(token.toString('hex'), session);
    return token;
  }

  async open(tunnel: FakeTunnel, port: number): Promise<number> {
    const socket = await bind((msg, from) => this.fromPlayer(tunnel, msg, from), port);
    this.publics.set(tunnel.internalId, { socket, tunnel });
    return socket.address().port;
  }

  async closeTunnel(tunnel: FakeTunnel): Promise<void> {
    const entry = this.publics.get(tunnel.internalId);
    this.publics.delete(tunnel.internalId);
    if (entry) await new Promise<void>((resolve) => entry.socket.close(() => resolve()));
  }

  async close(): Promise<void> {
    const sockets = [
      ...[...this.publics.values()].map((p) => p.socket),
      ...(this.channel ? [this.channel] : []),
    ];
    this.publics.clear();
    this.channel = null;
    await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }

  private fromAgent(msg: Buffer, from: Addr): void {
    const session = this.tokens.get(msg.toString('hex'));
    if (session !== undefined) {
      this.agents.set(session, from);
      this.stats.establishes += 1;
      this.channel?.send(new Out().u64(ESTABLISH_FOOTER).done(), from.port, from.host);
      return;
    }
    const split = splitFlow4(msg);
    const pub = split ? this.publics.get(Number(split.flow.tunnelId)) : undefined;
    if (!split || !pub || split.flow.src.port !== pub.socket.address().port) {
      this.stats.dropped += 1;
      return;
    }
    this.stats.toPlayer += 1;
    pub.socket.send(split.payload, split.flow.dst.port, split.flow.dst.host);
  }

  private fromPlayer(tunnel: FakeTunnel, msg: Buffer, from: Addr): void {
    const session = this.liveSession();
    const agent = session === null ? undefined : this.agents.get(session);
    const pub = this.publics.get(tunnel.internalId);
    if (!agent || !pub || !this.channel) {
      this.stats.dropped += 1;
      return;
    }
    this.stats.toAgent += 1;
    const datagram = withFlow4(msg, {
      src: from,
      dst: { host: '127.0.0.1', port: pub.socket.address().port },
      clientServerId: 1n,
      tunnelId: BigInt(tunnel.internalId),
      portOffset: 0,
    });
    this.channel.send(datagram, agent.port, agent.host);
  }
}

function bind(onMessage: (msg: Buffer, from: Addr) => void, port = 0): Promise<dgram.Socket> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => onMessage(msg, { host: rinfo.address, port: rinfo.port }));
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}
