import { badRequest, toCoreError } from '../../errors.ts';
import { ControlChannel, type ControlStatus, type ControlTiming } from './control-channel.ts';
import type { NewClient } from './control-codec.ts';
import { apiControlTargets, dnsControlTargets, type ControlTargets } from './control-targets.ts';
import {
  defaultResolveLocal,
  OriginLookup,
  type LocalTarget,
  type PlayitAgentTunnel,
  type ResolveLocal,
} from './origin-lookup.ts';
import { PLAYIT_REJECTED_KEY, type PlayitApiClient } from './playit-api-client.ts';
import { TcpClients, type TcpClientEvent, type TcpTiming } from './tcp-clients.ts';

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
  | TcpClientEvent;

export const NO_PLAYITGG_KEY = 'No playitgg key found';
export const FAILED_RUNDATA = 'Failed to get rundata';
export const FAILED_RUNNER = 'Failed to create runner';

export interface PlayitRunnerTiming extends ControlTiming, TcpTiming {
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
  clients: TcpClients;
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
  private readonly lookup = new OriginLookup();
  /** Unknown tunnel ids → when they last made us fetch run data. */
  private readonly missed = new Map<string, number>();
  private refreshing: Promise<boolean> | null = null;

  constructor(private readonly options: PlayitRunnerOptions) {}

  get state(): PlayitRunnerState {
    return this.current;
  }

  isRunning(): boolean {
    return this.current !== 'Stopped';
  }

  /** Players currently piped through the tunnels. */
  get activeConnections(): number {
    return this.running?.clients.activeConnections ?? 0;
  }

  /** Bytes the agent holds in socket write buffers right now. */
  get bufferedBytes(): number {
    return this.running?.clients.bufferedBytes ?? 0;
  }

  /** The tunnels from the latest run data. */
  tunnels(): PlayitAgentTunnel[] {
    return this.lookup.list();
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
    try {
      this.lookup.update(await this.options.api.agentRunData(secret));
    } catch (err) {
      if (generation === this.generation) this.halt(toCoreError(err).causes);
      throw toCoreError(err).withContext(FAILED_RUNDATA);
    }
    if (generation !== this.generation) return;
    try {
      this.running = this.launch(secret, generation);
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
        await running.clients.closeAll();
      }
      this.emit({ type: 'RunnerStopped', causes });
    })();
    await this.stopping;
  }

  private launch(secret: string, generation: number): Running {
    const api = this.options.api;
    const targets: ControlTargets = this.options.controlAddr
      ? dnsControlTargets(this.options.controlAddr)
      : apiControlTargets(() => api.routing(secret));
    const timing = this.options.timing ?? {};
    const clients = new TcpClients({
      route: (client) => this.route(client, secret),
      onEvent: (event) => this.emit(event),
      timing,
    });
    const control = new ControlChannel({
      targets,
      sign: (flow) => api.signAgentRegister(secret, flow),
      onStatus: (status) => this.onControl(status, generation),
      onNewClient: (client) => clients.handle(client),
      timing,
    });
    const refresh = setInterval(() => {
      void this.refreshRunData(secret);
    }, timing.runDataRefreshMs ?? 60_000);
    control.start();
    return { control, clients, refresh };
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

  private async route(
    client: NewClient,
    secret: string,
  ): Promise<{ tunnel: PlayitAgentTunnel; local: LocalTarget } | { causes: string[] }> {
    let found = this.lookup.find(client);
    // A tunnel made after start is not in the run data yet: fetch it again, once per unknown
    // tunnel every 30 s so a stray id cannot make us hammer the API.
    const id = client.tunnelId.toString();
    if (!found && this.refreshing) {
      await this.refreshing;
      found = this.lookup.find(client);
    } else if (!found && Date.now() - (this.missed.get(id) ?? 0) > 30_000) {
      this.missed.set(id, Date.now());
      if (await this.refreshRunData(secret)) found = this.lookup.find(client);
    }
    if (!found)
      return {
        causes: ['No tunnel of this agent matches the connection', `tunnel ${client.tunnelId}`],
      };
    const resolve = this.options.resolveLocal ?? defaultResolveLocal;
    try {
      const local = await resolve(found.tunnel, found.portOffset);
      if (local) return { tunnel: found.tunnel, local };
    } catch (err) {
      return { causes: ['No local server for this tunnel', ...toCoreError(err).causes] };
    }
    return { causes: [`No local server for tunnel "${found.tunnel.name || found.tunnel.id}"`] };
  }

  /** Fetches run data again; concurrent callers share one request. */
  private refreshRunData(secret: string): Promise<boolean> {
    this.refreshing ??= this.options.api.agentRunData(secret).then(
      (runData) => {
        this.refreshing = null;
        this.lookup.update(runData);
        return true;
      },
      () => {
        this.refreshing = null;
        return false; // keep the last run data; the control channel reports provider trouble
      },
    );
    return this.refreshing;
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
