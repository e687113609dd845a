import { badRequest, toCoreError } from '../../errors.ts';
import { ControlChannel, type ControlStatus, type ControlTiming } from './control-channel.ts';
import { apiControlTargets, dnsControlTargets, type ControlTargets } from './control-targets.ts';
import type { PlayitAgentTunnel, ResolveLocal } from './origin-lookup.ts';
import { PLAYIT_REJECTED_KEY, type PlayitApiClient } from './playit-api-client.ts';
import type { TunnelClientEvent } from './tcp-clients.ts';
import { TunnelRouter } from './tunnel-router.ts';
import { TunnelTraffic, type TrafficTiming } from './tunnel-traffic.ts';

export type PlayitRunnerState = 'Stopped' | 'Loading' | 'Started';

/**
 * What the runner reports. The first three are the spec's `PlayitggRunnerEvent` inner types
 * (core-api.md §2.4.6); the rest are details for the log.
 */
export type PlayitRunnerEvent =
  | { type: 'RunnerLoading' }
  | { type: 'RunnerStarted' }
  | { type: 'RunnerStopped'; causes: string[] }
  | { type: 'ControlConnected'; server: string }
  | { type: 'ControlLost'; causes: string[] }
  | TunnelClientEvent;

export const NO_PLAYITGG_KEY = 'No playitgg key found';
export const FAILED_RUNDATA = 'Failed to get rundata';
export const FAILED_RUNNER = 'Failed to create runner';

export interface PlayitRunnerTiming extends ControlTiming, TrafficTiming {
  /** Run data (tunnels and their local addresses) is fetched again this often. */
  runDataRefreshMs: number;
}

export interface PlayitRunnerOptions {
  api: PlayitApiClient;
  /** The stored agent secret, or null. */
  secret: () => Promise<string | null>;
  /** `HEARTH_PLAYIT_CONTROL_ADDR`; without it the provider's API names the control servers. */
  controlAddr?: string;
  resolveLocal?: ResolveLocal;
  onEvent?: (event: PlayitRunnerEvent) => void;
  timing?: Partial<PlayitRunnerTiming>;
}

interface Running {
  control: ControlChannel;
  traffic: TunnelTraffic;
  refresh: ReturnType<typeof setInterval>;
}

/**
 * The in-process playit agent: Stopped → Loading (fetching run data, connecting the control
 * channel) → Started (registered; tunnels carry traffic). A dropped control channel goes back to
 * Loading until it reconnects; a key the provider rejects stops the runner.
 */
export class PlayitRunner {
  private current: PlayitRunnerState = 'Stopped';
  private running: Running | null = null;
  private generation = 0;
  private stopping: Promise<void> = Promise.resolve();
  private router: TunnelRouter | null = null;

  constructor(private readonly options: PlayitRunnerOptions) {}

  get state(): PlayitRunnerState {
    return this.current;
  }

  isRunning(): boolean {
    return this.current !== 'Stopped';
  }

  /** Players currently piped through the tunnels. */
  get activeConnections(): number {
    return this.running?.traffic.activeConnections ?? 0;
  }

  /** Bytes the agent holds in socket write buffers right now. */
  get bufferedBytes(): number {
    return this.running?.traffic.bufferedBytes ?? 0;
  }

  /** The tunnels from the latest run data. */
  tunnels(): PlayitAgentTunnel[] {
    return this.router?.lookup.list() ?? [];
  }

  /**
   * Starts the agent; a no-op while it runs. Resolves once the control channel is being set up
   * (the Started state follows as an event); rejects with the reference's texts when there is no
   * key, the run data cannot be fetched or the runner cannot be built.
   */
  async start(): Promise<void> {
    await this.stopping;
    if (this.current !== 'Stopped') return;
    const secret = await this.options.secret();
    if (secret === null) throw badRequest(NO_PLAYITGG_KEY);
    if (this.current !== 'Stopped') return;
    const generation = ++this.generation;
    this.setState('Loading');
    const router = new TunnelRouter(this.options.api, secret, this.options.resolveLocal);
    this.router = router;
    try {
      await router.load();
    } catch (err) {
      if (generation === this.generation) this.halt(toCoreError(err).causes);
      throw toCoreError(err).withContext(FAILED_RUNDATA);
    }
    if (generation !== this.generation) return;
    try {
      this.running = this.launch(secret, router, generation);
    } catch (err) {
      this.halt(toCoreError(err).causes);
      throw toCoreError(err).withContext(FAILED_RUNNER);
    }
  }

  /** Stops the agent and closes every pipe; resolves when all sockets are closed. */
  async stop(): Promise<void> {
    await this.shutdown([]);
  }

  private async shutdown(causes: string[]): Promise<void> {
    await this.stopping;
    if (this.current === 'Stopped') return;
    this.generation += 1;
    const running = this.running;
    this.running = null;
    this.current = 'Stopped';
    this.stopping = (async () => {
      if (running) {
        clearInterval(running.refresh);
        await running.control.stop();
        await running.traffic.close();
      }
      this.emit({ type: 'RunnerStopped', causes });
    })();
    await this.stopping;
  }

  private launch(secret: string, router: TunnelRouter, generation: number): Running {
    const api = this.options.api;
    const targets: ControlTargets = this.options.controlAddr
      ? dnsControlTargets(this.options.controlAddr)
      : apiControlTargets(() => api.routing(secret));
    const timing = this.options.timing ?? {};
    let control: ControlChannel | null = null;
    const traffic = new TunnelTraffic({
      router,
      onEvent: (event) => this.emit(event),
      requestUdpChannel: () => control?.requestUdpChannel(),
      timing,
    });
    control = new ControlChannel({
      targets,
      sign: (flow) => api.signAgentRegister(secret, flow),
      onStatus: (status) => this.onControl(status, generation),
      onNewClient: (client) => traffic.newClient(client),
      onUdpChannelDetails: (details) => traffic.udpChannelDetails(details),
      timing,
    });
    const refresh = setInterval(() => {
      void router.refresh();
    }, timing.runDataRefreshMs ?? 60_000);
    control.start();
    return { control, traffic, refresh };
  }

  private onControl(status: ControlStatus, generation: number): void {
    if (generation !== this.generation) return;
    if (status.state === 'connected') {
      this.emit({ type: 'ControlConnected', server: status.server });
      this.setState('Started');
      return;
    }
    this.emit({ type: 'ControlLost', causes: status.causes });
    if (status.causes[0] === PLAYIT_REJECTED_KEY) {
      // A revoked key will not come back by retrying.
      void this.shutdown(status.causes);
      return;
    }
    this.setState('Loading');
  }

  private halt(causes: string[]): void {
    this.generation += 1;
    this.current = 'Stopped';
    this.emit({ type: 'RunnerStopped', causes });
  }

  private setState(next: PlayitRunnerState): void {
    if (this.current === next) return;
    this.current = next;
    if (next === 'Loading') this.emit({ type: 'RunnerLoading' });
    else if (next === 'Started') this.emit({ type: 'RunnerStarted' });
  }

  private emit(event: PlayitRunnerEvent): void {
    this.options.onEvent?.(event);
  }
}
