import { samePlayer, type Player } from '@hearth/protocol';

export interface PlayerChange {
  player_list: Player[];
  players_joined: Player[];
  players_left: Player[];
}

export interface PlayerTrackerOptions {
  /** Builds the Player for a name that joined (may look a uuid up; must not reject). */
  identify(name: string): Promise<Player>;
  /** The Player for a name when no lookup may be made (queue too long). */
  identifyNow(name: string): Player;
  onChange(change: PlayerChange): void;
  /** A change that could not be applied (a bug, never expected): reported, never thrown. */
  onFailure(err: unknown): void;
}

/** Lookups queued beyond this are answered without one, so a flood of joins cannot pile up. */
const MAX_QUEUED = 64;
/** Changes queued beyond this are dropped (no real server produces them; memory stays bounded). */
const MAX_PENDING = 4096;

/**
 * Who is online, from join/leave lines (core-api.md §3.6). Changes are applied strictly in the
 * order the lines arrived even though a join may wait for a uuid lookup; that wait never holds up
 * the console (the caller does not await anything here).
 */
export class PlayerTracker {
  private players: Player[] = [];
  private chain: Promise<void> = Promise.resolve();
  private queued = 0;
  /** Changes dropped because too many were pending. */
  dropped = 0;

  constructor(private readonly options: PlayerTrackerOptions) {}

  get list(): Player[] {
    return [...this.players];
  }

  get count(): number {
    return this.players.length;
  }

  join(name: string): void {
    const lookup = this.queued < MAX_QUEUED;
    this.enqueue(async () => {
      const player = lookup ? await this.options.identify(name) : this.options.identifyNow(name);
      if (this.players.some((p) => samePlayer(p, player) || p.name === name)) return;
      this.players.push(player);
      this.options.onChange({ player_list: this.list, players_joined: [player], players_left: [] });
    });
  }

  leave(name: string): void {
    this.enqueue(() => {
      const index = this.players.findIndex((p) => p.name === name);
      if (index === -1) return;
      const [gone] = this.players.splice(index, 1);
      this.options.onChange({ player_list: this.list, players_joined: [], players_left: [gone!] });
    });
  }

  /** The server is gone: everyone left (one PlayerChange, only if someone was online). */
  clear(): void {
    this.enqueue(() => {
      if (this.players.length === 0) return;
      const gone = this.players;
      this.players = [];
      this.options.onChange({ player_list: [], players_joined: [], players_left: gone });
    });
  }

  /** Replaces the list with what a ping reported (for games whose output names no joins). */
  replace(next: Player[]): void {
    this.enqueue(() => {
      const joined = next.filter((p) => !this.players.some((q) => samePlayer(p, q)));
      const left = this.players.filter((p) => !next.some((q) => samePlayer(p, q)));
      if (joined.length === 0 && left.length === 0) return;
      this.players = [...next];
      this.options.onChange({ player_list: this.list, players_joined: joined, players_left: left });
    });
  }

  /** Resolves once every queued change has been applied (tests, shutdown). */
  settled(): Promise<void> {
    return this.chain;
  }

  private enqueue(task: () => void | Promise<void>): void {
    if (this.queued >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.queued++;
    this.chain = this.chain
      .then(task)
      .catch((err: unknown) => this.options.onFailure(err))
      .finally(() => {
        this.queued--;
      });
  }
}
