import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import type { FakeState } from './fake-state.ts';
import { readRequest, verify, write, type Addr, type Session } from './fake-wire.ts';

/** Session lifetime the fake grants on register and keep-alive. */
const SESSION_MS = 90_000n;

interface LiveSession {
  id: Session;
  agent: Addr;
  expiresAt: bigint;
  lastSeen: number;
}

/** A session's identity as text (also how the UDP side names it). */
export const sessionKey = (s: Session) => `${s.session}/${s.account}/${s.agent}`;
const key = sessionKey;

/** What the control server needs from the UDP side to answer SetupUdpChannel. */
export interface UdpChannelIssuer {
  address: Addr;
  tokenFor(session: string): Buffer;
}
const sameAddr = (a: Addr, b: Addr) => a.host === b.host && a.port === b.port;

/**
 * playit's control server on a UDP port of 127.0.0.1: answers pings with pongs (our address as
 * seen, its own address, the session's expiry), registers agents whose signed request checks out
 * for the address the datagram came from, renews sessions on keep-alive, and sends new-client
 * notifications. Restarting it forgets every session, as a real server restart would.
 */
export class FakeControl {
  private socket: dgram.Socket | null = null;
  private sessions = new Map<string, LiveSession>();
  /** Request kinds received, in order (for tests that count keep-alives or registers). */
  readonly received: string[] = [];
  registrations = 0;
  port = 0;
  /** Set once the UDP side exists; without it SetupUdpChannel goes unanswered. */
  udp: UdpChannelIssuer | null = null;

  constructor(
    private readonly state: FakeState,
    private readonly staleMs: number,
  ) {}

  get address(): Addr {
    return { host: '127.0.0.1', port: this.port };
  }

  async start(port = 0): Promise<void> {
    const socket = dgram.createSocket('udp4');
    socket.on('message', (msg, rinfo) =>
      this.onDatagram(msg, { host: rinfo.address, port: rinfo.port }),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, '127.0.0.1', () => {
        socket.off('error', reject);
        resolve();
      });
    });
    this.socket = socket;
    this.port = socket.address().port;
  }

  async stop(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    this.sessions.clear();
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  /** A session that pinged recently enough to receive a player, newest first. */
  liveSession(): LiveSession | null {
    const now = Date.now();
    const live = [...this.sessions.values()].filter((s) => now - s.lastSeen <= this.staleMs);
    return live.sort((a, b) => b.lastSeen - a.lastSeen)[0] ?? null;
  }

  liveSessions(): number {
    const now = Date.now();
    return [...this.sessions.values()].filter((s) => now - s.lastSeen <= this.staleMs).length;
  }

  send(to: Addr, datagram: Buffer): void {
    this.socket?.send(datagram, to.port, to.host);
  }

  private onDatagram(msg: Buffer, from: Addr): void {
    let req;
    try {
      req = readRequest(msg);
    } catch {
      this.received.push('garbage');
      return;
    }
    this.received.push(req.kind);
    const now = BigInt(Date.now());
    switch (req.kind) {
      case 'ping': {
        const live = req.session ? this.sessions.get(key(req.session)) : undefined;
        if (live) {
          live.agent = from;
          live.lastSeen = Date.now();
        }
        const pong = { requestNow: req.now, serverNow: now, client: from, tunnel: this.address };
        return this.send(from, write.pong(req.id, { ...pong, expireAt: live?.expiresAt ?? null }));
      }
      case 'register': {
        const r = req.register;
        if (!verify(r, this.state.controlSecret))
          return this.send(from, write.invalidSignature(req.id));
        const agent = this.state.agents.find((a) => a.num === r.agent);
        if (
          !agent ||
          agent.revoked ||
          !sameAddr(r.clientAddr, from) ||
          !sameAddr(r.tunnelAddr, this.address)
        )
          return this.send(from, write.unauthorized(req.id));
        const id: Session = {
          session: BigInt(`0x${randomBytes(7).toString('hex')}`),
          account: r.account,
          agent: r.agent,
        };
        const live = { id, agent: from, expiresAt: now + SESSION_MS, lastSeen: Date.now() };
        this.sessions.set(key(id), live);
        this.registrations += 1;
        return this.send(from, write.registered(req.id, id, live.expiresAt));
      }
      case 'keep-alive': {
        const live = this.sessions.get(key(req.session));
        if (!live) return this.send(from, write.unauthorized(req.id));
        live.expiresAt = now + SESSION_MS;
        live.lastSeen = Date.now();
        live.agent = from;
        return this.send(from, write.registered(req.id, live.id, live.expiresAt));
      }
      case 'udp-setup': {
        const live = this.sessions.get(key(req.session));
        if (!live) return this.send(from, write.unauthorized(req.id));
        if (!this.udp) return;
        return this.send(
          from,
          write.udpChannel(req.id, this.udp.address, this.udp.tokenFor(key(live.id))),
        );
      }
      case 'other':
        return;
    }
  }
}
