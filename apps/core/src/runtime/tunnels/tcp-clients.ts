import type net from 'node:net';
import { formatAddress, type NewClient } from './control-codec.ts';
import type { LocalTarget, PlayitAgentTunnel } from './origin-lookup.ts';
import { connectTcp, readExactly, writeAll } from './tcp-claim.ts';

/** Defaults from the official agent (agent_core `tcp_clients.rs`). */
export interface TcpTiming {
  claimConnectMs: number;
  claimAnswerMs: number;
  localConnectMs: number;
}

export const DEFAULT_TCP_TIMING: TcpTiming = {
  claimConnectMs: 8_000,
  claimAnswerMs: 4_000,
  localConnectMs: 2_000,
};

/** The tunnel server confirms a claim with 8 bytes (their value carries nothing the agent needs). */
const CLAIM_ANSWER_BYTES = 8;

/** A player's connection (TCP) or flow (UDP) through a tunnel. */
export type TunnelClientEvent =
  | {
      type: 'ClientConnected';
      protocol: 'tcp' | 'udp';
      tunnel: string;
      peer: string;
      local: string;
    }
  | {
      type: 'ClientFailed';
      protocol: 'tcp' | 'udp';
      tunnel: string | null;
      peer: string;
      causes: string[];
    }
  | {
      type: 'ClientClosed';
      protocol: 'tcp' | 'udp';
      tunnel: string;
      peer: string;
      bytesFromPlayer: number;
      bytesToPlayer: number;
    };

export interface TcpClientsOptions {
  /** Where this client goes, or the causes why it cannot be served. */
  route: (
    client: NewClient,
  ) => Promise<{ tunnel: PlayitAgentTunnel; local: LocalTarget } | { causes: string[] }>;
  onEvent: (event: TunnelClientEvent) => void;
  timing?: Partial<TcpTiming>;
}

function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Unknown error';
}

/**
 * Serves new-client notifications: connects to the tunnel server's claim address, sends the claim
 * token, waits for the 8-byte answer, connects to the local server and pipes both ways with
 * backpressure (`pipe` pauses the faster side while the slower one's buffer is full). Every
 * socket is tracked from creation so `closeAll` ends handshakes and pipes alike.
 */
export class TcpClients {
  private readonly timing: TcpTiming;
  private readonly sockets = new Set<net.Socket>();
  private closed = false;
  private pairs = 0;

  constructor(private readonly options: TcpClientsOptions) {
    this.timing = { ...DEFAULT_TCP_TIMING, ...options.timing };
  }

  /** Pipes currently carrying a player. */
  get activeConnections(): number {
    return this.pairs;
  }

  /** Bytes waiting in this agent's socket write buffers (bounded by backpressure). */
  get bufferedBytes(): number {
    let sum = 0;
    for (const s of this.sockets) sum += s.writableLength;
    return sum;
  }

  handle(client: NewClient): void {
    this.serve(client).catch((err: unknown) =>
      this.options.onEvent({
        type: 'ClientFailed',
        protocol: 'tcp',
        tunnel: null,
        peer: formatAddress(client.peerAddr),
        causes: ['Could not serve the connection', errorText(err)],
      }),
    );
  }

  /** Destroys every socket and resolves when all of them are closed. */
  async closeAll(): Promise<void> {
    this.closed = true;
    const waits = [...this.sockets].map(
      (s) =>
        new Promise<void>((resolve) => (s.closed ? resolve() : s.once('close', () => resolve()))),
    );
    for (const s of this.sockets) s.destroy();
    await Promise.all(waits);
  }

  private track = (socket: net.Socket): void => {
    if (this.closed) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    // Between handshake steps no one else may be listening: an error must never go unhandled
    // (it would end the core). The socket destroys itself on error anyway.
    socket.on('error', () => undefined);
    socket.once('close', () => this.sockets.delete(socket));
  };

  private async serve(client: NewClient): Promise<void> {
    const peer = formatAddress(client.peerAddr);
    const route = await this.options.route(client);
    if ('causes' in route) {
      this.options.onEvent({
        type: 'ClientFailed',
        protocol: 'tcp',
        tunnel: null,
        peer,
        causes: route.causes,
      });
      return;
    }
    if (this.closed) return;
    const name = route.tunnel.name || route.tunnel.id;
    const fail = (causes: string[]) =>
      this.options.onEvent({ type: 'ClientFailed', protocol: 'tcp', tunnel: name, peer, causes });

    const claim = client.claim;
    let tunnel: net.Socket;
    try {
      tunnel = await connectTcp(
        claim.address.ip,
        claim.address.port,
        this.timing.claimConnectMs,
        this.track,
      );
      await writeAll(tunnel, claim.token, this.timing.claimConnectMs);
      await readExactly(tunnel, CLAIM_ANSWER_BYTES, this.timing.claimAnswerMs);
    } catch (err) {
      if (!this.closed)
        fail([`Couldn't claim the connection at ${formatAddress(claim.address)}`, errorText(err)]);
      return;
    }

    const localText = `${route.local.host}:${route.local.port}`;
    let local: net.Socket;
    try {
      local = await connectTcp(
        route.local.host,
        route.local.port,
        this.timing.localConnectMs,
        this.track,
      );
    } catch (err) {
      tunnel.destroy();
      if (!this.closed)
        fail([
          `Couldn't connect to the local server at ${localText} for tunnel "${name}"`,
          errorText(err),
        ]);
      return;
    }
    if (this.closed || tunnel.destroyed) {
      local.destroy();
      tunnel.destroy();
      return;
    }
    this.options.onEvent({
      type: 'ClientConnected',
      protocol: 'tcp',
      tunnel: name,
      peer,
      local: localText,
    });
    this.join(tunnel, local, name, peer, claim.token.length);
  }

  private join(
    tunnel: net.Socket,
    local: net.Socket,
    name: string,
    peer: string,
    tokenBytes: number,
  ): void {
    this.pairs += 1;
    const abort = () => {
      tunnel.destroy();
      local.destroy();
    };
    tunnel.on('error', abort);
    local.on('error', abort);
    // One side fully done: the other has been ended by pipe; release it once its writes flush.
    const release = (other: net.Socket) => () => {
      if (other.destroyed) return;
      if (other.writableFinished) other.destroy();
      else {
        if (!other.writableEnded) other.end();
        other.once('finish', () => other.destroy());
      }
    };
    tunnel.once('close', release(local));
    local.once('close', release(tunnel));
    let closedCount = 0;
    const onClosed = () => {
      closedCount += 1;
      if (closedCount < 2) return;
      this.pairs -= 1;
      this.options.onEvent({
        type: 'ClientClosed',
        protocol: 'tcp',
        tunnel: name,
        peer,
        bytesFromPlayer: tunnel.bytesRead - CLAIM_ANSWER_BYTES,
        bytesToPlayer: tunnel.bytesWritten - tokenBytes,
      });
    };
    tunnel.once('close', onClosed);
    local.once('close', onClosed);
    tunnel.pipe(local);
    local.pipe(tunnel);
  }
}
