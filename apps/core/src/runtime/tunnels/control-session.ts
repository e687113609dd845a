import {
  encodeKeepAlive,
  encodePing,
  encodeSetupUdpChannel,
  formatAddress,
  sameAddress,
  type AgentSessionId,
  type ControlResponse,
  type NewClient,
  type Pong,
  type SocketAddress,
} from './control-codec.ts';
import {
  causesOf,
  INITIAL_PING_ID,
  register,
  type Registration,
  type SignRegister,
} from './control-handshake.ts';
import type { ControlSocket } from './control-socket.ts';
import type { ControlTargets } from './control-targets.ts';

const PING_ID = 200n;
const KEEP_ALIVE_ID = 100n;
const UDP_SETUP_ID = 300n;

export interface SessionTiming {
  pingIntervalMs: number;
  pongTimeoutMs: number;
  registerWaitMs: number;
  keepAliveMs: number;
  keepAliveSoonMs: number;
  resolveIntervalMs: number;
}

export interface SessionHooks {
  targets: ControlTargets;
  sign: SignRegister;
  onNewClient: (client: NewClient) => void;
  onUdpChannelDetails?: (details: { tunnelAddr: SocketAddress; token: Buffer }) => void;
}

/** Why a session ended; `immediate` asks for a reconnect without backoff (the address moved). */
export interface SessionEnd {
  causes: string[];
  immediate: boolean;
}

/**
 * One registered session on one control server (agent_core `maintained_control.rs`): a ping every
 * interval, keep-alive every 60 s (10 s when the session expires within 30 s), a new registration
 * when the server forgets the session or sees us at another address, and an end when pongs stop
 * or the control address no longer resolves to this server.
 */
export class ControlSession {
  private registration: Registration;
  private authPong: Pong;
  private latestPong: Pong;
  private lastPong = Date.now();
  private lastKeepAlive = Date.now();
  private currentPing: number | null = null;
  private reregistering = false;

  constructor(
    private readonly socket: ControlSocket,
    pong: Pong,
    registration: Registration,
    private readonly hooks: SessionHooks,
    private readonly timing: SessionTiming,
    private readonly signal: AbortSignal,
  ) {
    this.registration = registration;
    this.authPong = pong;
    this.latestPong = pong;
  }

  get session(): AgentSessionId {
    return this.registration.session;
  }

  requestUdpChannel(): void {
    this.send(encodeSetupUdpChannel(UDP_SETUP_ID, this.registration.session));
  }

  /** Runs until the session ends (or the signal aborts, with no causes). */
  run(): Promise<SessionEnd> {
    const t = this.timing;
    return new Promise((resolve) => {
      let done = false;
      const end = (causes: string[], immediate = false) => {
        if (done) return;
        done = true;
        clearInterval(ticker);
        clearInterval(resolver);
        this.signal.removeEventListener('abort', onAbort);
        unlisten();
        resolve({ causes, immediate });
      };
      const onAbort = () => end([]);
      const unlisten = this.socket.listen((feed) => {
        if (feed.kind === 'new-client') this.hooks.onNewClient(feed.client);
        else this.onResponse(feed.requestId, feed.response, end);
      });
      const ticker = setInterval(() => this.tick(end), t.pingIntervalMs);
      const resolver = setInterval(() => {
        this.hooks.targets().then(
          (targets) => {
            if (!targets.some((a) => sameAddress(a, this.socket.target)))
              end(['The playit control address changed', formatAddress(this.socket.target)], true);
          },
          () => undefined, // a failed lookup keeps the working connection
        );
      }, t.resolveIntervalMs);
      if (this.signal.aborted) end([]);
      else this.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private tick(end: (causes: string[]) => void): void {
    const t = this.timing;
    const now = Date.now();
    if (now - this.lastPong > t.pongTimeoutMs)
      return end([
        'Lost the playit control channel',
        `No answer from ${this.socket.label} for ${Math.round(t.pongTimeoutMs / 1000)} s`,
      ]);
    const session = this.registration.session;
    this.send(encodePing(PING_ID, { now: BigInt(now), currentPing: this.currentPing, session }));
    const soon = this.registration.expiresAt - now < 30_000;
    if (now - this.lastKeepAlive >= (soon ? t.keepAliveSoonMs : t.keepAliveMs)) {
      this.lastKeepAlive = now;
      this.send(encodeKeepAlive(KEEP_ALIVE_ID, session));
    }
  }

  private onResponse(requestId: bigint, r: ControlResponse, end: (causes: string[]) => void): void {
    switch (r.type) {
      case 'Pong': {
        const now = Date.now();
        this.lastPong = now;
        this.latestPong = r;
        if (requestId !== INITIAL_PING_ID)
          this.currentPing = Math.max(0, now - Number(r.requestNow));
        if (r.sessionExpireAt !== null)
          this.registration.expiresAt = now + Number(r.sessionExpireAt - r.serverNow);
        const moved =
          !sameAddress(r.clientAddr, this.authPong.clientAddr) ||
          !sameAddress(r.tunnelAddr, this.authPong.tunnelAddr);
        // A pong to our session ping without an expiry: the server no longer knows the session.
        if ((r.sessionExpireAt === null && requestId === PING_ID) || moved) this.reregister(end);
        return;
      }
      case 'Unauthorized':
        if (requestId === KEEP_ALIVE_ID || requestId === PING_ID) this.reregister(end);
        return;
      case 'AgentRegistered':
        this.registration.session = r.session;
        return;
      case 'UdpChannelDetails':
        this.hooks.onUdpChannelDetails?.({ tunnelAddr: r.tunnelAddr, token: r.token });
        return;
      default:
        return;
    }
  }

  private reregister(end: (causes: string[]) => void): void {
    if (this.reregistering) return;
    this.reregistering = true;
    const pong = this.latestPong;
    register(this.socket, pong, this.hooks.sign, this.timing.registerWaitMs, this.signal).then(
      (next) => {
        this.reregistering = false;
        if (!next) return;
        this.registration = next;
        this.authPong = pong;
      },
      (err: unknown) => end(causesOf(err)),
    );
  }

  private send(datagram: Buffer): void {
    // A lost datagram shows up as a missing pong; the pong time-out handles it.
    this.socket.send(datagram).catch(() => undefined);
  }
}
