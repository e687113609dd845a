import { toCoreError } from '../../errors.ts';
import {
  defaultResolveLocal,
  OriginLookup,
  type LocalTarget,
  type PlayitAgentTunnel,
  type ResolveLocal,
} from './origin-lookup.ts';
import type { PlayitApiClient } from './playit-api-client.ts';

export type Route = { tunnel: PlayitAgentTunnel; local: LocalTarget } | { causes: string[] };

type Match = (lookup: OriginLookup) => { tunnel: PlayitAgentTunnel; portOffset: number } | null;

/** Re-fetches for one unknown tunnel id at most this often, so a stray id cannot hammer the API. */
const MISS_REFRESH_MS = 30_000;

/**
 * Answers "where does this player go": the tunnel from the latest run data (fetched again when a
 * tunnel made after start shows up), then the local target from `resolveLocal`.
 */
export class TunnelRouter {
  readonly lookup = new OriginLookup();
  private readonly missed = new Map<string, number>();
  private refreshing: Promise<boolean> | null = null;

  constructor(
    private readonly api: PlayitApiClient,
    private readonly secret: string,
    private readonly resolveLocal: ResolveLocal = defaultResolveLocal,
  ) {}

  /** The first run data; throws the API's CoreError. */
  async load(): Promise<void> {
    this.lookup.update(await this.api.agentRunData(this.secret));
  }

  /** Fetches run data again; concurrent callers share one request; a failure keeps the old data. */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.api.agentRunData(this.secret).then(
      (runData) => {
        this.refreshing = null;
        this.lookup.update(runData);
        return true;
      },
      () => {
        this.refreshing = null;
        return false;
      },
    );
    return this.refreshing;
  }

  async route(match: Match, tunnelId: bigint): Promise<Route> {
    let found = match(this.lookup);
    const id = tunnelId.toString();
    if (!found && this.refreshing) {
      await this.refreshing;
      found = match(this.lookup);
    } else if (!found && Date.now() - (this.missed.get(id) ?? 0) > MISS_REFRESH_MS) {
      this.missed.set(id, Date.now());
      if (await this.refresh()) found = match(this.lookup);
    }
    if (!found)
      return { causes: ['No tunnel of this agent matches the connection', `tunnel ${id}`] };
    const name = found.tunnel.name || found.tunnel.id;
    try {
      const local = await this.resolveLocal(found.tunnel, found.portOffset);
      if (local) return { tunnel: found.tunnel, local };
    } catch (err) {
      return { causes: [`No local server for tunnel "${name}"`, ...toCoreError(err).causes] };
    }
    return { causes: [`No local server for tunnel "${name}"`] };
  }
}
