import { EVENT_RING_SIZE } from '@hearth/protocol';
import type { ClientEvent } from '@hearth/protocol';

// Puts the events of one stream in order for the handlers: each event once, history before live,
// and after a gap the missed events (from the core's buffer) before the live ones that arrived
// while the buffer was on its way.

export type Deliver = (event: ClientEvent, fresh: boolean) => void;

const byAge = (a: ClientEvent, b: ClientEvent) => {
  const x = BigInt(a.snowflake);
  const y = BigInt(b.snowflake);
  return x < y ? -1 : x > y ? 1 : 0;
};

export class EventSequence {
  /** Snowflakes delivered, oldest first; twice the core's ring, so any buffer can be deduped. */
  private readonly delivered = new Set<string>();
  private newest: bigint | null = null;
  /** Whether what came before is known: history was read (even empty) or an event delivered. */
  private knowsPast = false;
  /** Live events held back while a gap is being filled; null when they go straight through. */
  private held: ClientEvent[] | null = null;

  constructor(
    private readonly deliver: Deliver,
    private readonly memory = EVENT_RING_SIZE * 2,
  ) {}

  /** A frame from the socket. */
  live(event: ClientEvent): void {
    if (this.held) this.held.push(event);
    else this.apply(event, true);
  }

  /** The buffer fetched when the stream starts: history, older than what the tab will fetch. */
  history(events: readonly ClientEvent[]): void {
    for (const event of [...events].sort(byAge)) this.apply(event, false);
    this.knowsPast = true;
  }

  /** The socket is open again after a gap: hold live frames until `gapFilled`. */
  gapOpened(): void {
    this.held ??= [];
  }

  /**
   * The buffer fetched after the gap (null when it could not be fetched): the events newer than
   * the newest one delivered are the missed ones, delivered as fresh; then the held live ones.
   */
  gapFilled(events: readonly ClientEvent[] | null): void {
    const horizon = this.newest;
    // Without the past (history unread, nothing delivered) nothing tells the gap from history.
    const knowsPast = this.knowsPast;
    const isNew = (event: ClientEvent) =>
      knowsPast && (horizon === null || BigInt(event.snowflake) > horizon);
    for (const event of [...(events ?? [])].sort(byAge)) this.apply(event, isNew(event));
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.apply(event, true);
  }

  private apply(event: ClientEvent, fresh: boolean): void {
    const id = event.snowflake;
    if (this.delivered.has(id)) return;
    this.delivered.add(id);
    if (this.delivered.size > this.memory) {
      const oldest = this.delivered.values().next();
      if (!oldest.done) this.delivered.delete(oldest.value);
    }
    const value = BigInt(id);
    if (this.newest === null || value > this.newest) this.newest = value;
    this.knowsPast = true;
    this.deliver(event, fresh);
  }
}
