import type { CausedBy, PlayitSignupData, PlayitTunnelInfo } from '@hearth/protocol';
import type { PlayitConfig } from '../config.ts';
import { describeError } from '../errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Logger } from '../lib/logger.ts';
import { outboundJsonExchange } from '../lib/outbound-http.ts';
import type { SettingsRepository } from '../repositories/settings-repository.ts';
import type { HttpJson } from '../runtime/tunnels/http-json.ts';
import type { LocalTarget, PlayitAgentTunnel } from '../runtime/tunnels/origin-lookup.ts';
import type { ClaimStatus } from '../runtime/tunnels/playit-account.ts';
import { PlayitIntegration } from '../runtime/tunnels/playit-integration.ts';
import type { PlayitRunnerEvent } from '../runtime/tunnels/playit-runner.ts';

/** Where the runner's "was running" flag is kept (settings table), for auto-start at boot. */
const RUNNER_KEY = 'playit_runner';

/** Instances listen on this machine; a tunnel that names an instance's port is piped here. */
const INSTANCE_HOST = '127.0.0.1';

export interface PlayitServiceDeps {
  dataDir: string;
  config: PlayitConfig;
  events: EventBus;
  /** Which instance is configured on a port (InstanceService.onPort). */
  instanceOnPort: (port: number) => { uuid: string; name: string } | null;
  settings: SettingsRepository;
  log: Logger;
}

/** The core's one outbound helper behind the playit client's transport contract. */
const outboundPlayitHttp: HttpJson = (request) =>
  outboundJsonExchange({
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    timeoutMs: request.timeoutMs,
  });

/**
 * The playit.gg integration of core-api.md §1.4.18 / §3.14 as verbs: the agent in process
 * (`runtime/tunnels`), its runner states as `PlayitggRunnerEvent`s on the event bus, tunnels that
 * name an instance's port piped to that instance, and the runner started again at boot when it
 * was running before and `--playit-autostart on` (reference issue #433).
 */
export class PlayitService {
  private readonly integration: PlayitIntegration;
  private booting: Promise<void> | null = null;
  private closed = false;
  /** Who started the runner (its Loading/Started events name them); unset: the core (boot). */
  private startCause: CausedBy | undefined;
  /** Who stopped it (its Stopped event names them); unset: it stopped on its own. */
  private stopCause: CausedBy | undefined;
  /** Who asked for the current signup link: its accepted claim starts the runner as them. */
  private signupCause: CausedBy | undefined;

  constructor(private readonly deps: PlayitServiceDeps) {
    const { config } = deps;
    this.integration = new PlayitIntegration({
      dataDir: deps.dataDir,
      ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
      ...(config.controlAddr ? { controlAddr: config.controlAddr } : {}),
      ...(config.claimPageUrl ? { claimPageUrl: config.claimPageUrl } : {}),
      ...(config.claimPollIntervalMs ? { claimPollIntervalMs: config.claimPollIntervalMs } : {}),
      ...(config.timing ? { timing: config.timing } : {}),
      http: outboundPlayitHttp,
      versionText: 'Hearth',
      resolveLocal: (tunnel, offset) => this.resolveLocal(tunnel, offset),
      onEvent: (event) => this.onRunnerEvent(event),
      onClaim: (status) => this.onClaim(status),
    });
  }

  /**
   * `GET /playitgg/generate_signup_link`: a claim link; the claim is polled in the background and,
   * once accepted, the runner starts as `causedBy` — a dashboard signs up from the runner's toggle
   * (there is no key to start with), so the sign-up is the start the user asked for (issue 23 #25).
   */
  signupLink(causedBy?: CausedBy): PlayitSignupData {
    this.signupCause = causedBy;
    return this.integration.generateSignupLink();
  }

  /** `POST /playitgg/start_cli`: no-op while running; remembered for auto-start. */
  async start(causedBy?: CausedBy): Promise<void> {
    const running = this.integration.cliIsRunning();
    if (!running) this.startCause = causedBy;
    try {
      await this.integration.startCli();
    } catch (err) {
      if (!running) this.startCause = undefined;
      throw err;
    }
    this.remember(true);
  }

  /** `POST /playitgg/stop_cli`: answers also when nothing runs. */
  async stop(causedBy?: CausedBy): Promise<void> {
    this.remember(false);
    if (this.integration.cliIsRunning()) this.stopCause = causedBy;
    await this.integration.stopCli();
  }

  /** `POST /playitgg/verify_key` */
  verify(): Promise<boolean> {
    return this.integration.verifyKey();
  }

  /** `GET /playitgg/cli_is_running` */
  isRunning(): boolean {
    return this.integration.cliIsRunning();
  }

  /** `GET /playitgg/get_tunnels` */
  tunnels(): Promise<PlayitTunnelInfo[]> {
    return this.integration.getTunnels();
  }

  /** At boot: starts the runner again when auto-start is on and it was running (never blocks boot). */
  boot(): void {
    if (!this.deps.config.autoStart || !this.wasRunning()) return;
    this.deps.log.info(
      'playit: starting the runner again (it was running before the core stopped)',
    );
    this.booting = this.integration.startCli().catch((err: unknown) => {
      this.deps.log.warn(`playit: the runner did not start at boot: ${describeError(err)}`);
    });
  }

  /** Core shutdown: the claim poll and the runner end, every pipe closes; the flag stays. */
  async close(): Promise<void> {
    this.closed = true;
    await this.booting;
    await this.integration.close();
  }

  private resolveLocal(tunnel: PlayitAgentTunnel, offset: number): LocalTarget | null {
    const port = tunnel.localPort + offset;
    if (port < 1 || port > 65535) return null;
    if (this.deps.instanceOnPort(port)) return { host: INSTANCE_HOST, port };
    return { host: tunnel.localIp, port };
  }

  private wasRunning(): boolean {
    const stored = this.deps.settings.get(RUNNER_KEY) as { running?: unknown } | undefined;
    return stored?.running === true;
  }

  private remember(running: boolean): void {
    if (this.wasRunning() !== running) this.deps.settings.set(RUNNER_KEY, { running });
  }

  private onRunnerEvent(event: PlayitRunnerEvent): void {
    const { log, events } = this.deps;
    switch (event.type) {
      case 'RunnerLoading':
        events.emit(runnerEvent('RunnerLoading'), {
          details: 'Starting runner',
          ...causeOf(this.startCause),
        });
        return;
      case 'RunnerStarted':
        events.emit(runnerEvent('RunnerStarted'), {
          details: 'Started',
          ...causeOf(this.startCause),
        });
        return;
      case 'RunnerStopped': {
        const why = event.causes.join(': ');
        if (why && !this.closed) log.warn(`playit: the runner stopped: ${why}`);
        const causedBy = this.stopCause;
        this.startCause = undefined;
        this.stopCause = undefined;
        events.emit(runnerEvent('RunnerStopped'), {
          details: why ? `Stopped: ${why}` : 'Stopped',
          ...causeOf(causedBy),
        });
        return;
      }
      case 'ControlConnected':
        log.info(`playit: control channel connected to ${event.server}`);
        return;
      case 'ControlLost':
        log.warn(`playit: control channel lost: ${event.causes.join(': ')}`);
        return;
      case 'ClientConnected':
        log.info(
          `playit: ${event.protocol} player ${event.peer} → ${event.local} (${event.tunnel})`,
        );
        return;
      case 'ClientFailed':
        log.warn(
          `playit: ${event.protocol} player ${event.peer} on ${event.tunnel ?? 'an unknown tunnel'}: ${event.causes.join(': ')}`,
        );
        return;
      case 'ClientClosed':
        log.debug({ ...event }, 'playit: player left');
        return;
    }
  }

  private onClaim(status: ClaimStatus): void {
    const why = status.causes.length > 0 ? `: ${status.causes.join(': ')}` : '';
    this.deps.log.info(`playit: claim ${status.code} ${status.state}${why}`);
    if (status.state !== 'accepted' || this.closed) return;
    const causedBy = this.signupCause;
    this.signupCause = undefined;
    this.start(causedBy).catch((err: unknown) => {
      this.deps.log.warn(`playit: the runner did not start after sign-up: ${describeError(err)}`);
    });
  }
}

/** An event's cause when someone caused it (unset: the core, System). */
function causeOf(causedBy: CausedBy | undefined): { causedBy?: CausedBy } {
  return causedBy ? { causedBy } : {};
}

function runnerEvent(type: 'RunnerLoading' | 'RunnerStarted' | 'RunnerStopped') {
  return {
    type: 'PlayitggRunnerEvent' as const,
    playitgg_runner_event_inner: { type },
  };
}
