import type { z } from 'zod';
import { CoreError, external } from '../../errors.ts';
import { formatAddress, type SocketAddress } from './control-codec.ts';
import { fetchHttpJson, transportFailureText, type HttpJson } from './http-json.ts';
import {
  AccountTunnelsSchema,
  AgentRoutingSchema,
  AgentRunDataSchema,
  AgentSecretKeySchema,
  apiEnvelope,
  ClaimExchangeFailSchema,
  ClaimSetupFailSchema,
  ClaimSetupStateSchema,
  NoFailSchema,
  ProtoRegisterFailSchema,
  SignedAgentKeySchema,
  type AccountTunnels,
  type AgentRouting,
  type AgentRunData,
  type ClaimSetupState,
} from './playit-api-schemas.ts';

export const DEFAULT_PLAYIT_API_URL = 'https://api.playit.gg';

/** The reference's texts (core-api.md §1.4.18). */
export const PLAYIT_UNREACHABLE = "Couldn't connect to Playit";
export const PLAYIT_MALFORMED = 'Got malformed response from Playit';
export const PLAYIT_REJECTED_KEY = 'Playit rejected the agent key';
export const PLAYIT_ERROR = 'Playit returned an error';

/** What the agent tells the API about itself when it registers on the control channel. */
export interface PlayitAgentVersion {
  variantId: string;
  major: number;
  minor: number;
  patch: number;
}

export interface PlayitApiClientOptions {
  /** `HEARTH_PLAYIT_API_URL`; default the real service. */
  baseUrl?: string;
  http?: HttpJson;
  timeoutMs?: number;
  /** Shown on the claim page (`ReqClaimSetup.version`). */
  versionText?: string;
  agentVersion?: PlayitAgentVersion;
}

/** A declared failure reason of an endpoint (`{"status":"fail"}`), returned rather than thrown. */
export type ApiOutcome<T> = { ok: true; data: T } | { ok: false; reason: string };

/** The official agent's variant and version (agent_core `version.rs`, workspace version). */
const DEFAULT_AGENT_VERSION: PlayitAgentVersion = {
  variantId: '308943e8-faef-4835-a2ba-270351f72aa3',
  major: 1,
  minor: 0,
  patch: 10,
};

/**
 * playit.gg's agent API: JSON POSTs to `<base>/<path>`, authenticated with `Agent-Key <secret>`,
 * answered with `{"status","data"}`. Every failure to get a usable answer is a CoreError whose
 * first cause is the reference's text.
 */
export class PlayitApiClient {
  readonly baseUrl: string;
  private readonly http: HttpJson;
  private readonly timeoutMs: number;
  private readonly versionText: string;
  private readonly agentVersion: PlayitAgentVersion;

  constructor(options: PlayitApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_PLAYIT_API_URL).replace(/\/+$/, '');
    this.http = options.http ?? fetchHttpJson;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.versionText = options.versionText ?? 'Hearth';
    this.agentVersion = options.agentVersion ?? DEFAULT_AGENT_VERSION;
  }

  async claimSetup(code: string): Promise<ApiOutcome<ClaimSetupState>> {
    const body = { code, agent_type: 'assignable', version: this.versionText };
    return this.call('/claim/setup', null, body, ClaimSetupStateSchema, ClaimSetupFailSchema);
  }

  async claimExchange(code: string): Promise<ApiOutcome<string>> {
    const outcome = await this.call(
      '/claim/exchange',
      null,
      { code },
      AgentSecretKeySchema,
      ClaimExchangeFailSchema,
    );
    return outcome.ok ? { ok: true, data: outcome.data.secret_key } : outcome;
  }

  async agentRunData(secret: string): Promise<AgentRunData> {
    return this.success(
      await this.call('/agents/rundata', secret, {}, AgentRunDataSchema, NoFailSchema),
    );
  }

  async tunnelsList(secret: string): Promise<AccountTunnels> {
    const body = { tunnel_id: null, agent_id: null };
    return this.success(
      await this.call('/tunnels/list', secret, body, AccountTunnelsSchema, NoFailSchema),
    );
  }

  /** The control servers this agent should use (port 5525). */
  async routing(secret: string): Promise<AgentRouting> {
    return this.success(
      await this.call(
        '/agents/routing/get',
        secret,
        { agent_id: null },
        AgentRoutingSchema,
        NoFailSchema,
      ),
    );
  }

  /**
   * The signed register request for the control channel, bound to the addresses the control
   * server reported in its pong. Returns the bytes to send.
   */
  async signAgentRegister(
    secret: string,
    flow: { clientAddr: SocketAddress; tunnelAddr: SocketAddress },
  ): Promise<Buffer> {
    const v = this.agentVersion;
    const body = {
      agent_version: null,
      client_addr: formatAddress(flow.clientAddr),
      tunnel_addr: formatAddress(flow.tunnelAddr),
      proto_version: 2,
      version: {
        variant_id: v.variantId,
        version_major: v.major,
        version_minor: v.minor,
        version_patch: v.patch,
      },
      platform: 'linux',
    };
    const outcome = await this.call(
      '/proto/register',
      secret,
      body,
      SignedAgentKeySchema,
      ProtoRegisterFailSchema,
    );
    if (!outcome.ok) throw external('Playit refused to register the agent', outcome.reason);
    return Buffer.from(outcome.data.key, 'hex');
  }

  private success<T>(outcome: ApiOutcome<T>): T {
    if (outcome.ok) return outcome.data;
    throw external(PLAYIT_ERROR, outcome.reason);
  }

  private async call<S extends z.ZodType, F extends z.ZodType>(
    path: string,
    secret: string | null,
    body: unknown,
    success: S,
    fail: F,
  ): Promise<ApiOutcome<z.infer<S>>> {
    const headers: Record<string, string> = {};
    if (secret !== null) headers.authorization = `Agent-Key ${secret.trim()}`;
    let response;
    try {
      response = await this.http({
        method: 'POST',
        url: `${this.baseUrl}${path}`,
        headers,
        body,
        timeoutMs: this.timeoutMs,
      });
    } catch (err) {
      throw external(PLAYIT_UNREACHABLE, transportFailureText(err));
    }
    const parsed = apiEnvelope(success, fail).safeParse(response.json);
    if (!parsed.success) {
      if (response.status < 200 || response.status >= 300)
        throw external(PLAYIT_ERROR, `${path} answered HTTP ${response.status}`);
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(body)';
      throw external(PLAYIT_MALFORMED, `${path}: ${where}: ${issue?.message ?? 'invalid'}`);
    }
    const result = parsed.data as
      | { status: 'success'; data: z.infer<S> }
      | { status: 'fail'; data: unknown }
      | { status: 'error'; data: { type: string; message?: unknown } };
    switch (result.status) {
      case 'success':
        return { ok: true, data: result.data };
      case 'fail':
        return { ok: false, reason: String(result.data) };
      case 'error':
        throw apiError(result.data);
    }
  }
}

function apiError(error: { type: string; message?: unknown }): CoreError {
  const detail =
    typeof error.message === 'string'
      ? error.message
      : error.message === undefined
        ? error.type
        : JSON.stringify(error.message);
  if (error.type === 'auth') return external(PLAYIT_REJECTED_KEY, detail);
  return external(PLAYIT_ERROR, `${error.type}: ${detail}`);
}

/** True when the error says the provider no longer accepts the key (revoked or unknown). */
export function isRejectedKey(err: unknown): boolean {
  return err instanceof CoreError && err.causes[0] === PLAYIT_REJECTED_KEY;
}
