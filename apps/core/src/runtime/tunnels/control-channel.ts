import { CoreError, external } from '../../errors.ts';
import {
  encodeKeepAlive,
  encodePing,
  encodeSetupUdpChannel,
  encodeSignedRegister,
  formatAddress,
  sameAddress,
  type AgentSessionId,
  type ControlResponse,
  type NewClient,
  type Pong,
  type SocketAddress,
} from './control-codec.ts';
import { ControlSocket } from './control-socket.ts';
import type { ControlTargets } from './control-targets.ts';

/** Defaults follow the official agent (agent_core `maintained_control.rs`, `playit_agent.rs`). */
export interface ControlTiming {
  pingIntervalMs: number;
  /** No pong for this long and the channel counts as dropped: reconnect. */
  pongTimeoutMs: number;
  /** How long to wait for the first pong from one server, per attempt. */
  connectWaitMs: number;
  /** How long to wait for the answer to one register request. */
  registerWaitMs: number;
  keepAliveMs: number;
  /** Keep-alive interval once the session expires within 30 s. */
  keepAliveSoonMs: number;
  /** How often the control address is resolved again. */
  resolveIntervalMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
}

export const DEFAULT_CONTROL_TIMING: ControlTiming = {
  pingIntervalMs: 1_000,
  pongTimeoutMs: 6_000,
  connectWaitMs: 2_500,
  registerWaitMs: 2_500,
  keepAliveMs: 60_000,
  keepAliveSoonMs: 10_000,
  resolveIntervalMs: 30_000,
  backoffInitialMs: 1_000,
  backoffMaxMs: 30_000,
};

export type ControlStatus =
  | { state: 'connected'; server: string; session: AgentSessionId }
  | { state: 'disconnected'; causes: string[] };

export interface ControlChannelOptions {
  targets: ControlTargets;
  /** The signed register request for this flow (from the provider's API). */
  sign: (flow: { clientAddr: SocketAddress; tunnelAddr: SocketAddress }) => Promise<Buffer>;
  onStatus: (status: ControlStatus) => void;
  onNewClient: (client: NewClient) => void;
  onUdpChannelDetails?: (details: { tunnelAddr: SocketAddress; token: Buffer }) => void;
  onBadDatagram?: (reason: string) => void;
  timing?: Partial<ControlTiming>;
}

interface Registration {
  session: AgentSessionId;
  /** Local epoch ms. */
  expiresAt: number;
}

const INITIAL_PING_ID = 1n;
const PING_ID = 200n;
const KEEP_ALIVE_ID = 100n;
const UDP_SETUP_ID = 300n;

function causesOf(err: unknown): string[] {
  if (err instanceof CoreError) return err.causes;
  if (err instanceof Error && err.message) return [err.message];
  return ['Unknown error'];
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The agent's control channel: finds a control server that answers a ping, registers with the
 * signed request from the API, then pings every second, keeps the session alive, re-registers
 * when the server forgets the session or our address changes, and reconnects with exponential
 * backoff when the server stops answering or the control address moves.
 */
export class ControlChannel {
  private readonly timing: ControlTiming;
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private live: { socket: ControlSocket; registration: Registration } | null = null;

  constructor(private readonly options: ControlChannelOptions) {
    this.timing = { ...DEFAULT_CONTROL_TIMING, ...options.timing };
  }

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  /** Asks the server for UDP channel details (answered through `onUdpChannelDetails`). */
  requestUdpChannel(): void {
    const live = this.live;
    if (!live) return;
    live.socket
      .send(encodeSetupUdpChannel(UDP_SETUP_ID, live.registration.session))
      .catch(() => undefined); // a lost request is asked again by the caller's timer
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    let backoff = this.timing.backoffInitialMs;
    while (!signal.aborted) {
      let socket: ControlSocket | null = null;
      let causes: string[];
      let immediate = false;
      try {
        const targets = await this.options.targets();
        const connected = await this.connectFirst(targets, signal);
        if (!connected) break;
        socket = connected.socket;
        const registration = await this.register(socket, connected.pong, signal);
        if (!registration) break;
        backoff = this.timing.backoffInitialMs;
        this.live = { socket, registration };
        this.options.onStatus({
          state: 'connected',
          server: socket.label,
          session: registration.session,
        });
        ({ causes, immediate } = await this.maintain(socket, connected.pong, registration, signal));
      } catch (err) {
        causes = causesOf(err);
      } finally {
        this.live = null;
        socket?.close();
      }
      if (signal.aborted) break;
      this.options.onStatus({ state: 'disconnected', causes });
      if (!immediate) {
        await sleep(backoff, signal);
        backoff = Math.min(backoff * 2, this.timing.backoffMaxMs);
      }
    }
  }

  private async connectFirst(
    targets: SocketAddress[],
    signal: AbortSignal,
  ): Promise<{ socket: ControlSocket; pong: Pong } | null> {
    const bad = (reason: string) => this.options.onBadDatagram?.(reason);
    for (const target of targets) {
      const socket = await ControlSocket.open(target, bad);
      const attempts = target.ip.includes(':') ? 1 : 3;
      for (let i = 0; i < attempts && !signal.aborted; i += 1) {
        const ping = encodePing(INITIAL_PING_ID, {
          now: BigInt(Date.now()),
          currentPing: null,
          session: null,
        });
        const sent = await socket.send(ping).then(
          () => true,
          () => false,
        );
        if (!sent) break;
        const pong = await socket.waitFor(
          (f) =>
            f.kind === 'response' && f.requestId === INITIAL_PING_ID && f.response.type === 'Pong'
              ? f.response
              : undefined,
          this.timing.connectWaitMs,
          signal,
        );
        if (pong) return { socket, pong };
      }
      socket.close();
      if (signal.aborted) return null;
    }
    throw external(
      'No answer from the playit control server',
      targets.map(formatAddress).join(', ') || 'no address',
    );
  }

  private async register(
    socket: ControlSocket,
    pong: Pong,
    signal: AbortSignal,
  ): Promise<Registration | null> {
    const signed = await this.options.sign({
      clientAddr: pong.clientAddr,
      tunnelAddr: pong.tunnelAddr,
    });
    const requestId = BigInt(Date.now());
    const refused = 'The playit control server refused the agent registration';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (signal.aborted) return null;
      await socket.send(encodeSignedRegister(requestId, signed));
      const answer = await socket.waitFor(
        (f) =>
          f.kind === 'response' && f.requestId === requestId
            ? registerAnswer(f.response)
            : undefined,
        this.timing.registerWaitMs,
        signal,
      );
      if (answer === null) continue;
      switch (answer.type) {
        case 'AgentRegistered': {
          // The server's clock may differ from ours: count from its `now` in the pong.
          const left = Number(answer.expiresAt - pong.serverNow);
          return { session: answer.session, expiresAt: Date.now() + Math.max(0, left) };
        }
        case 'InvalidSignature':
          throw external(refused, 'Invalid signature');
        case 'Unauthorized':
          throw external(refused, 'Unauthorized (the address it saw changed)');
        case 'RequestQueued':
        case 'TryAgainLater':
          await sleep(1_000, signal);
          break;
      }
    }
    if (signal.aborted) return null;
    throw external(
      'No answer to the agent registration from the playit control server',
      socket.label,
    );
  }

  private maintain(
    socket: ControlSocket,
    firstPong: Pong,
    first: Registration,
    signal: AbortSignal,
  ): Promise<{ causes: string[]; immediate: boolean }> {
    const t = this.timing;
    let registration = first;
    let authPong = firstPong;
    let lastPong = Date.now();
    let lastKeepAlive = Date.now();
    let currentPing: number | null = null;
    let reregistering = false;
    const send = (datagram: Buffer) => {
      // A lost datagram shows up as a missing pong; the pong time-out handles it.
      socket.send(datagram).catch(() => undefined);
    };

    return new Promise((resolve) => {
      let done = false;
      const end = (causes: string[], immediate = false) => {
        if (done) return;
        done = true;
        clearInterval(ticker);
        clearInterval(resolver);
        signal.removeEventListener('abort', onAbort);
        unlisten();
        resolve({ causes, immediate });
      };
      const onAbort = () => end([]);

      const reregister = (latest: Pong) => {
        if (reregistering) return;
        reregistering = true;
        this.register(socket, latest, signal).then(
          (next) => {
            reregistering = false;
            if (!next) return;
            registration = next;
            authPong = latest;
            if (this.live) this.live.registration = next;
          },
          (err: unknown) => end(causesOf(err)),
        );
      };

      const unlisten = socket.listen((feed) => {
        if (feed.kind === 'new-client') return this.options.onNewClient(feed.client);
        const r = feed.response;
        switch (r.type) {
          case 'Pong': {
            const now = Date.now();
            lastPong = now;
            if (feed.requestId !== INITIAL_PING_ID)
              currentPing = Math.max(0, now - Number(r.requestNow));
            if (r.sessionExpireAt !== null)
              registration.expiresAt = now + Number(r.sessionExpireAt - r.serverNow);
            const moved =
              !sameAddress(r.clientAddr, authPong.clientAddr) ||
              !sameAddress(r.tunnelAddr, authPong.tunnelAddr);
            if ((r.sessionExpireAt === null && feed.requestId === PING_ID) || moved) reregister(r);
            return;
          }
          case 'Unauthorized':
            if (feed.requestId === KEEP_ALIVE_ID || feed.requestId === PING_ID)
              reregister(authPong);
            return;
          case 'AgentRegistered':
            registration.session = r.session;
            return;
          case 'UdpChannelDetails':
            return this.options.onUdpChannelDetails?.({ tunnelAddr: r.tunnelAddr, token: r.token });
          default:
            return;
        }
      });

      const ticker = setInterval(() => {
        const now = Date.now();
        if (now - lastPong > t.pongTimeoutMs)
          return end([
            'Lost the playit control channel',
            `No answer from ${socket.label} for ${Math.round(t.pongTimeoutMs / 1000)} s`,
          ]);
        send(encodePing(PING_ID, { now: BigInt(now), currentPing, session: registration.session }));
        const interval = registration.expiresAt - now < 30_000 ? t.keepAliveSoonMs : t.keepAliveMs;
        if (now - lastKeepAlive >= interval) {
          lastKeepAlive = now;
          send(encodeKeepAlive(KEEP_ALIVE_ID, registration.session));
        }
      }, t.pingIntervalMs);

      const resolver = setInterval(() => {
        this.options.targets().then(
          (targets) => {
            if (!targets.some((a) => sameAddress(a, socket.target)))
              end(['The playit control address changed', formatAddress(socket.target)], true);
          },
          () => undefined, // a failed lookup keeps the working connection
        );
      }, t.resolveIntervalMs);

      if (signal.aborted) end([]);
      else signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

type RegisterAnswer = Extract<
  ControlResponse,
  {
    type:
      'AgentRegistered' | 'InvalidSignature' | 'Unauthorized' | 'RequestQueued' | 'TryAgainLater';
  }
>;

function registerAnswer(r: ControlResponse): RegisterAnswer | undefined {
  switch (r.type) {
    case 'AgentRegistered':
    case 'InvalidSignature':
    case 'Unauthorized':
    case 'RequestQueued':
    case 'TryAgainLater':
      return r;
    default:
      return undefined;
  }
}
