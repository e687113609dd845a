import type { AgentSessionId, NewClient, SocketAddress } from './control-codec.ts';
import { causesOf, connectFirst, register, sleep, type SignRegister } from './control-handshake.ts';
import { ControlSession, type SessionTiming } from './control-session.ts';
import type { ControlSocket } from './control-socket.ts';
import type { ControlTargets } from './control-targets.ts';

/** Defaults follow the official agent (agent_core `maintained_control.rs`, `playit_agent.rs`). */
export interface ControlTiming extends SessionTiming {
  /** No pong for this long and the channel counts as dropped: reconnect. */
  pongTimeoutMs: number;
  /** How long to wait for the first pong from one server, per attempt. */
  connectWaitMs: number;
  /** How long to wait for the answer to one register request. */
  registerWaitMs: number;
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
  sign: SignRegister;
  onStatus: (status: ControlStatus) => void;
  onNewClient: (client: NewClient) => void;
  onUdpChannelDetails?: (details: { tunnelAddr: SocketAddress; token: Buffer }) => void;
  onBadDatagram?: (reason: string) => void;
  timing?: Partial<ControlTiming>;
}

/**
 * The agent's control channel: finds a control server that answers a ping, registers with the
 * signed request from the API, keeps that session going (ControlSession), and when it ends
 * reconnects — at once if the control address moved, else after an exponential backoff.
 */
export class ControlChannel {
  private readonly timing: ControlTiming;
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private live: ControlSession | null = null;

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
    this.live?.requestUdpChannel();
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    const t = this.timing;
    const bad = (reason: string) => this.options.onBadDatagram?.(reason);
    let backoff = t.backoffInitialMs;
    while (!signal.aborted) {
      let socket: ControlSocket | null = null;
      let causes: string[];
      let immediate = false;
      try {
        const targets = await this.options.targets();
        const connected = await connectFirst(targets, t.connectWaitMs, signal, bad);
        if (!connected) break;
        socket = connected.socket;
        const registration = await register(
          socket,
          connected.pong,
          this.options.sign,
          t.registerWaitMs,
          signal,
        );
        if (!registration) break;
        backoff = t.backoffInitialMs;
        const session = new ControlSession(
          socket,
          connected.pong,
          registration,
          this.options,
          t,
          signal,
        );
        this.live = session;
        this.options.onStatus({
          state: 'connected',
          server: socket.label,
          session: session.session,
        });
        ({ causes, immediate } = await session.run());
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
        backoff = Math.min(backoff * 2, t.backoffMaxMs);
      }
    }
  }
}
