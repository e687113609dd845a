import { randomBytes } from 'node:crypto';
import type { PlayitSignupData, PlayitTunnelInfo } from '@hearth/protocol';
import { badRequest, CoreError } from '../../errors.ts';
import type { PlayitApiClient } from './playit-api-client.ts';
import { isRejectedKey } from './playit-api-client.ts';
import type { AccountTunnel } from './playit-api-schemas.ts';
import type { PlayitKeyStore } from './playit-key-store.ts';

export const DEFAULT_PLAYIT_CLAIM_URL = 'https://playit.gg/claim';
export const NO_PLAYIT_KEY = "Couldn't find Playit key";

export type ClaimState = 'waiting' | 'accepted' | 'rejected' | 'expired' | 'failed' | 'stopped';

export interface ClaimStatus {
  code: string;
  state: ClaimState;
  /** Why it failed or expired; the last transient error while still waiting. */
  causes: string[];
}

export interface PlayitAccountOptions {
  api: PlayitApiClient;
  keys: PlayitKeyStore;
  /** The page a person opens to accept the claim; the code is appended as a path segment. */
  claimPageUrl?: string;
  /** Claim setup is polled this often (the reference: every 3 s). */
  pollIntervalMs?: number;
  /** A claim still waiting after this long ends as expired. */
  claimTimeoutMs?: number;
  onClaim?: (status: ClaimStatus) => void;
}

interface Claim {
  status: ClaimStatus;
  abort: AbortController;
  settled: Promise<ClaimStatus>;
}

function causesOf(err: unknown): string[] {
  return err instanceof CoreError ? err.causes : [err instanceof Error ? err.message : String(err)];
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    if (signal.aborted) done();
    else signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Signing up with playit (core-api.md §3.14): a claim code, a background poll of claim setup until
 * the person accepts or rejects it on the provider's page (or it expires, or is stopped), then the
 * exchange for the agent secret, stored in the key store. Also answers whether the stored key still
 * works and which tunnels the account has.
 */
export class PlayitAccount {
  private readonly claimPageUrl: string;
  private readonly pollIntervalMs: number;
  private readonly claimTimeoutMs: number;
  private claim: Claim | null = null;

  constructor(private readonly options: PlayitAccountOptions) {
    this.claimPageUrl = (options.claimPageUrl ?? DEFAULT_PLAYIT_CLAIM_URL).replace(/\/+$/, '');
    this.pollIntervalMs = options.pollIntervalMs ?? 3_000;
    this.claimTimeoutMs = options.claimTimeoutMs ?? 30 * 60_000;
  }

  /** A new claim code and its page; any earlier claim poll stops. */
  generateSignupLink(): PlayitSignupData {
    this.claim?.abort.abort();
    const code = randomBytes(5).toString('hex');
    const abort = new AbortController();
    const status: ClaimStatus = { code, state: 'waiting', causes: [] };
    const claim: Claim = { status, abort, settled: Promise.resolve(status) };
    claim.settled = this.poll(claim);
    this.claim = claim;
    return { url: `${this.claimPageUrl}/${code}`, claim_code: code };
  }

  /** The current (or last) claim, or null before the first link. */
  claimStatus(): ClaimStatus | null {
    return this.claim ? { ...this.claim.status } : null;
  }

  /** Resolves when the current claim ends (accepted, rejected, expired, failed or stopped). */
  async claimSettled(): Promise<ClaimStatus | null> {
    return this.claim ? { ...(await this.claim.settled) } : null;
  }

  async stopClaim(): Promise<void> {
    if (!this.claim) return;
    this.claim.abort.abort();
    await this.claim.settled;
  }

  async hasKey(): Promise<boolean> {
    return (await this.options.keys.read()) !== null;
  }

  /** False without a key or when the provider no longer accepts it; throws when it cannot tell. */
  async verifyKey(): Promise<boolean> {
    const secret = await this.options.keys.read();
    if (secret === null) return false;
    try {
      await this.options.api.agentRunData(secret);
      return true;
    } catch (err) {
      if (isRejectedKey(err)) return false;
      throw err;
    }
  }

  async tunnels(): Promise<PlayitTunnelInfo[]> {
    const secret = await this.options.keys.read();
    if (secret === null) throw badRequest(NO_PLAYIT_KEY);
    const list = await this.options.api.tunnelsList(secret);
    return list.tunnels.map(toTunnelInfo);
  }

  private async poll(claim: Claim): Promise<ClaimStatus> {
    const { status, abort } = claim;
    const deadline = Date.now() + this.claimTimeoutMs;
    const end = (state: ClaimState, causes: string[] = []) => {
      status.state = state;
      status.causes = causes;
      this.options.onClaim?.({ ...status });
      return status;
    };
    const rejected = () => end('rejected', ['The claim was rejected on the Playit website']);
    const expired = () => end('expired', ['The claim code expired']);
    let accepted = false;
    while (!abort.signal.aborted) {
      if (Date.now() >= deadline) return end('expired', ['The claim was not accepted in time']);
      try {
        if (!accepted) {
          const setup = await this.options.api.claimSetup(status.code);
          if (abort.signal.aborted) break;
          if (!setup.ok && setup.reason === 'CodeExpired') return expired();
          if (!setup.ok) return end('failed', ['Playit refused the claim', setup.reason]);
          if (setup.data === 'UserRejected') return rejected();
          accepted = setup.data === 'UserAccepted';
        }
        if (accepted) {
          const exchanged = await this.options.api.claimExchange(status.code);
          if (abort.signal.aborted) break;
          if (exchanged.ok) return await this.store(exchanged.data, end);
          if (exchanged.reason === 'UserRejected') return rejected();
          if (exchanged.reason === 'CodeExpired') return expired();
          if (exchanged.reason === 'CodeNotFound')
            return end('failed', ['Playit refused the claim exchange', exchanged.reason]);
          // NotAccepted / NotSetup: the provider has not caught up yet; ask again (as playit-cli does).
          status.causes = ['Playit has not finished the claim yet', exchanged.reason];
        }
      } catch (err) {
        // The provider may be briefly unreachable: keep asking until the deadline.
        status.causes = causesOf(err);
      }
      await sleep(this.pollIntervalMs, abort.signal);
    }
    return end('stopped');
  }

  private async store(
    secret: string,
    end: (state: ClaimState, causes?: string[]) => ClaimStatus,
  ): Promise<ClaimStatus> {
    try {
      await this.options.keys.write(secret);
      return end('accepted');
    } catch (err) {
      return end('failed', ['Failed to store the Playit key', ...causesOf(err)]);
    }
  }
}

/** core-api.md §2.16: `server_address` = `<assigned_domain>:<port_start>`. */
export function toTunnelInfo(t: AccountTunnel): PlayitTunnelInfo {
  const alloc = t.alloc.status === 'allocated' ? t.alloc.data : null;
  const origin = t.origin?.data;
  return {
    local_ip: origin?.local_ip ?? '127.0.0.1',
    local_port: origin?.local_port ?? alloc?.port_start ?? 0,
    tunnel_id: t.id,
    name: t.name ?? '',
    server_address: alloc ? `${alloc.assigned_domain}:${alloc.port_start}` : '',
    active: t.active,
  };
}
