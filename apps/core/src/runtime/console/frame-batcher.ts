import type { WebSocket } from 'ws';
import type { FrameFormat } from './frame-formats.ts';
import type { OutputGate } from './output-gate.ts';

/** Backlog (queued + unsent bytes) above which a viewer asks the server to wait (OutputGate). */
export const CONSOLE_HIGH_WATER_BYTES = 512 * 1024;
/** Backlog above which frames are skipped for a viewer that may no longer pause the server. */
export const CONSOLE_LAG_LIMIT_BYTES = 4 * 1024 * 1024;
/** Backlog above which frames are skipped for anyone (bounds memory even within one burst). */
export const CONSOLE_HARD_LIMIT_BYTES = 16 * 1024 * 1024;
/**
 * While less than this is queued, a flush waits for more output, up to COALESCE_TURNS turns of the
 * event loop (a flood arrives a slice per turn: OutputPacer). Fewer, larger messages: each one costs
 * the browser a task of its own.
 */
const COALESCE_BYTES = 32 * 1024;
const COALESCE_TURNS = 3;
/** Messages go out as text frames, whether given as a string or as UTF-8 bytes encoded once. */
const AS_TEXT = { binary: false } as const;

type RawSocket = {
  cork(): void;
  uncork(): void;
  once(event: 'drain', fn: () => void): void;
  readonly writableNeedDrain: boolean;
};

/**
 * One console viewer's outgoing frames. Frames queued during one burst of output go out in a single
 * corked write (one syscall instead of one per line per viewer, which dominated the CPU profile of the
 * console benchmark). When the viewer's backlog passes the high-water mark it holds the gate of each
 * instance it is behind on until its socket drains, so a slow but reading viewer loses nothing; one
 * that holds too long is switched to skipping frames beyond the lag limit (bounded memory either way).
 */
export class FrameBatcher<P> {
  /** What each event came as, in order; the format turns them into messages at the flush. */
  private queue: P[] = [];
  private queuedBytes = 0;
  private scheduled = false;
  /** Turns the current flush already waited for more output (see COALESCE_BYTES). */
  private waitedTurns = 0;
  private readonly touched = new Set<string>();
  private readonly held = new Set<OutputGate>();
  private waitingForDrain = false;
  /** Held a gate too long once: from now on frames beyond the lag limit are skipped. */
  private lossy = false;
  skipped = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly gateOf: (instance: string) => OutputGate | undefined,
    /** How queued pieces become WebSocket messages (one per event, or batched; frame-formats.ts). */
    private readonly format: FrameFormat<P>,
  ) {}

  /** One event's piece, of the `instance` whose output it is (for flow control). */
  push(piece: P, instance: string): void {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return;
    const backlog = socket.bufferedAmount + this.queuedBytes;
    if (backlog > CONSOLE_HARD_LIMIT_BYTES || (this.lossy && backlog > CONSOLE_LAG_LIMIT_BYTES)) {
      this.skipped++;
      return;
    }
    this.queue.push(piece);
    this.queuedBytes += this.format.size(piece);
    this.touched.add(instance);
    // Hold at once: more chunks of output may be read before this batch is flushed.
    if (backlog > CONSOLE_HIGH_WATER_BYTES) this.holdFor(instance);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** The socket closed: never hold anything again. */
  close(): void {
    this.queue = [];
    this.releaseAll();
  }

  private flush(): void {
    if (this.queuedBytes < COALESCE_BYTES && this.waitedTurns < COALESCE_TURNS) {
      this.waitedTurns++;
      setImmediate(() => this.flush());
      return;
    }
    this.waitedTurns = 0;
    this.scheduled = false;
    const frames = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    const socket = this.socket;
    const touched = [...this.touched];
    this.touched.clear();
    if (socket.readyState !== socket.OPEN) return;
    // ws writes through this net.Socket; corking it makes the whole batch one writev.
    const raw = (socket as unknown as { _socket?: RawSocket })._socket;
    raw?.cork();
    try {
      for (const message of this.format.messages(frames)) socket.send(message, AS_TEXT);
    } finally {
      raw?.uncork();
    }
    if (socket.bufferedAmount > CONSOLE_HIGH_WATER_BYTES)
      for (const instance of touched) this.holdFor(instance);
    if (this.held.size === 0 || this.waitingForDrain) return;
    // A hold taken in push() on a backlog the socket has since written out: 'drain' comes only after
    // a write that filled the socket's buffer, so waiting for it would hold the server until the
    // hold expires (and then make this viewer lossy for good).
    if (!raw?.writableNeedDrain && socket.bufferedAmount <= CONSOLE_HIGH_WATER_BYTES) {
      this.releaseAll();
      return;
    }
    if (raw) {
      this.waitingForDrain = true;
      raw.once('drain', () => {
        this.waitingForDrain = false;
        this.releaseAll();
      });
    }
  }

  private holdFor(instance: string): void {
    if (this.lossy) return;
    const gate = this.gateOf(instance);
    if (!gate || this.held.has(gate)) return;
    const held = gate.hold(this, () => {
      this.held.delete(gate);
      this.lossy = true;
    });
    if (held) this.held.add(gate);
    else this.lossy = true;
  }

  private releaseAll(): void {
    for (const gate of this.held) gate.release(this);
    this.held.clear();
  }
}
