import dgram from 'node:dgram';
import { formatAddress } from './control-codec.ts';
import type { LocalTarget, PlayitAgentTunnel } from './origin-lookup.ts';
import type { TunnelClientEvent } from './tcp-clients.ts';
import type { UdpFlow } from './udp-flow.ts';

export interface UdpClientsOptions {
  route: (
    flow: UdpFlow,
  ) => Promise<{ tunnel: PlayitAgentTunnel; local: LocalTarget } | { causes: string[] }>;
  /** Sends a datagram back into the tunnel (the UDP channel). */
  send: (flow: UdpFlow, payload: Buffer) => void;
  onEvent: (event: TunnelClientEvent) => void;
  /** A player silent both ways for this long is forgotten (the official agent: 60 s). */
  idleMs?: number;
  maxClients?: number;
}

interface Client {
  key: string;
  socket: dgram.Socket | null;
  /** Datagrams that arrived while the local socket was being set up (a few at most). */
  pending: Buffer[];
  reply: UdpFlow;
  tunnel: string;
  peer: string;
  lastUse: number;
  fromPlayer: number;
  toPlayer: number;
}

const MAX_PENDING = 16;
const FAILED_FOR_MS = 10_000;

/**
 * One local UDP socket per (player address, tunnel): datagrams from the tunnel go to the local
 * server from that socket, and whatever the local server answers on it goes back to that player.
 * UDP has no backpressure: a datagram that finds no room is dropped, as on any network.
 */
export class UdpClients {
  private readonly clients = new Map<string, Client>();
  private readonly failed = new Map<string, number>();
  private readonly idleMs: number;
  private readonly maxClients: number;
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(private readonly options: UdpClientsOptions) {
    this.idleMs = options.idleMs ?? 60_000;
    this.maxClients = options.maxClients ?? 1024;
    this.sweeper = setInterval(() => this.sweep(), Math.max(250, this.idleMs / 4));
  }

  get activeClients(): number {
    return this.clients.size;
  }

  handle(flow: UdpFlow, payload: Buffer): void {
    const key = `${formatAddress(flow.src)}/${flow.tunnelId}`;
    const existing = this.clients.get(key);
    if (existing) {
      existing.lastUse = Date.now();
      existing.fromPlayer += payload.length;
      existing.reply.clientServerId = flow.clientServerId;
      if (existing.socket) existing.socket.send(payload);
      else if (existing.pending.length < MAX_PENDING) existing.pending.push(payload);
      return;
    }
    if ((this.failed.get(key) ?? 0) > Date.now() || this.clients.size >= this.maxClients) return;
    const client: Client = {
      key,
      socket: null,
      pending: [payload],
      reply: { ...flow, src: flow.dst, dst: flow.src, frag: null },
      tunnel: '',
      peer: formatAddress(flow.src),
      lastUse: Date.now(),
      fromPlayer: payload.length,
      toPlayer: 0,
    };
    this.clients.set(key, client);
    this.open(client, flow).catch((err: unknown) =>
      this.fail(client, client.tunnel || null, [
        'Could not open a local socket for the datagram',
        err instanceof Error ? err.message : String(err),
      ]),
    );
  }

  closeAll(): void {
    clearInterval(this.sweeper);
    for (const client of [...this.clients.values()]) this.drop(client, client.socket !== null);
  }

  private async open(client: Client, flow: UdpFlow): Promise<void> {
    const route = await this.options.route(flow);
    if (this.clients.get(client.key) !== client) return;
    if ('causes' in route) return this.fail(client, null, route.causes);
    client.tunnel = route.tunnel.name || route.tunnel.id;
    const local = `${route.local.host}:${route.local.port}`;
    const socket = dgram.createSocket(route.local.host.includes(':') ? 'udp6' : 'udp4');
    client.socket = socket;
    socket.on('message', (msg) => {
      client.lastUse = Date.now();
      client.toPlayer += msg.length;
      this.options.send(client.reply, msg);
    });
    // With a connected socket the kernel reports "port unreachable" as ECONNREFUSED.
    socket.on('error', (err) =>
      this.fail(client, client.tunnel, [
        `The local server at ${local} for tunnel "${client.tunnel}" did not take the datagram`,
        err.message,
      ]),
    );
    socket.connect(route.local.port, route.local.host, () => {
      if (this.clients.get(client.key) !== client) return;
      this.options.onEvent({
        type: 'ClientConnected',
        protocol: 'udp',
        tunnel: client.tunnel,
        peer: client.peer,
        local,
      });
      for (const datagram of client.pending.splice(0)) socket.send(datagram);
    });
  }

  private fail(client: Client, tunnel: string | null, causes: string[]): void {
    if (this.clients.get(client.key) !== client) return;
    this.failed.set(client.key, Date.now() + FAILED_FOR_MS);
    this.options.onEvent({
      type: 'ClientFailed',
      protocol: 'udp',
      tunnel,
      peer: client.peer,
      causes,
    });
    this.drop(client, false);
  }

  private drop(client: Client, reportClosed: boolean): void {
    if (this.clients.get(client.key) !== client) return;
    this.clients.delete(client.key);
    try {
      client.socket?.close();
    } catch {
      // already closed
    }
    if (reportClosed)
      this.options.onEvent({
        type: 'ClientClosed',
        protocol: 'udp',
        tunnel: client.tunnel,
        peer: client.peer,
        bytesFromPlayer: client.fromPlayer,
        bytesToPlayer: client.toPlayer,
      });
  }

  private sweep(): void {
    const now = Date.now();
    for (const client of [...this.clients.values()])
      if (now - client.lastUse > this.idleMs) this.drop(client, true);
    for (const [key, until] of this.failed) if (until <= now) this.failed.delete(key);
  }
}
