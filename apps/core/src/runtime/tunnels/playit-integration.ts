import type { PlayitSignupData, PlayitTunnelInfo } from '@hearth/protocol';
import type { HttpJson } from './http-json.ts';
import type { ResolveLocal } from './origin-lookup.ts';
import { PlayitAccount, type ClaimStatus } from './playit-account.ts';
import { PlayitApiClient, type PlayitAgentVersion } from './playit-api-client.ts';
import { PlayitKeyStore } from './playit-key-store.ts';
import { PlayitRunner, type PlayitRunnerEvent, type PlayitRunnerTiming } from './playit-runner.ts';

export interface PlayitIntegrationOptions {
  /** The core's data directory: the agent secret is kept here. */
  dataDir: string;
  /** `HEARTH_PLAYIT_API_URL` (default `https://api.playit.gg`). */
  apiUrl?: string;
  /** `HEARTH_PLAYIT_CONTROL_ADDR` (`host:port`); default: the control servers the API names. */
  controlAddr?: string;
  /** The claim page base (default `https://playit.gg/claim`). */
  claimPageUrl?: string;
  /** Outbound HTTP (default: global fetch with a time-out). */
  http?: HttpJson;
  httpTimeoutMs?: number;
  versionText?: string;
  agentVersion?: PlayitAgentVersion;
  /** Where a tunnelled connection goes (default: the tunnel's local address from playit). */
  resolveLocal?: ResolveLocal;
  onEvent?: (event: PlayitRunnerEvent) => void;
  onClaim?: (status: ClaimStatus) => void;
  claimPollIntervalMs?: number;
  claimTimeoutMs?: number;
  timing?: Partial<PlayitRunnerTiming>;
}

/**
 * Everything the playit routes of core-api.md §1.4.18 call, one method per route, no HTTP types.
 */
export class PlayitIntegration {
  readonly api: PlayitApiClient;
  readonly keys: PlayitKeyStore;
  readonly account: PlayitAccount;
  readonly runner: PlayitRunner;

  constructor(options: PlayitIntegrationOptions) {
    this.api = new PlayitApiClient({
      baseUrl: options.apiUrl,
      http: options.http,
      timeoutMs: options.httpTimeoutMs,
      versionText: options.versionText,
      agentVersion: options.agentVersion,
    });
    this.keys = new PlayitKeyStore(options.dataDir);
    this.account = new PlayitAccount({
      api: this.api,
      keys: this.keys,
      claimPageUrl: options.claimPageUrl,
      pollIntervalMs: options.claimPollIntervalMs,
      claimTimeoutMs: options.claimTimeoutMs,
      onClaim: options.onClaim,
    });
    this.runner = new PlayitRunner({
      api: this.api,
      secret: () => this.keys.read(),
      controlAddr: options.controlAddr,
      resolveLocal: options.resolveLocal,
      onEvent: options.onEvent,
      timing: options.timing,
    });
  }

  /** `GET /playitgg/generate_signup_link` */
  generateSignupLink(): PlayitSignupData {
    return this.account.generateSignupLink();
  }

  /** `POST /playitgg/start_cli` */
  startCli(): Promise<void> {
    return this.runner.start();
  }

  /** `POST /playitgg/stop_cli` */
  stopCli(): Promise<void> {
    return this.runner.stop();
  }

  /** `POST /playitgg/verify_key` */
  verifyKey(): Promise<boolean> {
    return this.account.verifyKey();
  }

  /** `GET /playitgg/cli_is_running` */
  cliIsRunning(): boolean {
    return this.runner.isRunning();
  }

  /** `GET /playitgg/get_tunnels` */
  getTunnels(): Promise<PlayitTunnelInfo[]> {
    return this.account.tunnels();
  }

  /** Core shutdown: ends the claim poll and the runner (closing every pipe). */
  async close(): Promise<void> {
    await this.account.stopClaim();
    await this.runner.stop();
  }
}
