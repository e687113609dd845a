/**
 * The parts of an ssh2 `SFTP` channel (ssh2 1.x, server mode) that back-pressure needs. ssh2 calls
 * `push` with each piece of channel data; when it returns `false` ssh2 stops reopening the
 * channel's SSH window, so the client can send at most what the window still allows. `_buffer` holds
 * replies waiting for the client to open *our* window. `sftp-flow.test.ts` pins these shapes.
 */
export interface FlowChannel {
  push(data: Buffer | null): unknown;
  incoming: { window: number };
  outgoing: { id: number; state: string };
  _protocol: { channelWindowAdjust(id: number, amount: number): void };
  _buffer: Uint8Array[];
}

/** The window ssh2 keeps open for a channel (its MAX_WINDOW); ours to re-grant when we resume. */
export const CHANNEL_WINDOW = 2 * 1024 * 1024;
/** Work one session may hold in memory before it stops reading requests. */
export const DEFAULT_FLOW_LIMIT = 8 * 1024 * 1024;
const POLL_MS = 20;

/**
 * Back-pressure for one SFTP session. ssh2 hands every SFTP request over the moment it arrives and
 * reopens the SSH window at once, so a client sending faster than the disk writes (or never reading
 * the replies to its reads) would pile work up in memory. This counts the bytes in flight — upload
 * data not yet written, replies queued for a client that does not read them — and while they are
 * over the limit keeps the channel's window closed, then re-grants it once they drain. Memory per
 * session stays near the limit plus one window (2 MiB), whatever the client does.
 */
export class SftpFlow {
  #inFlight = 0;
  #held = false;
  #poll: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(
    private readonly channel: FlowChannel,
    private readonly limit = DEFAULT_FLOW_LIMIT,
  ) {
    const push = channel.push.bind(channel);
    channel.push = (data) => {
      const result = push(data);
      if (data === null || !this.over()) return result;
      this.hold();
      return false;
    };
  }

  /** Bytes of replies waiting for the client's window. */
  queuedOutput(): number {
    let total = 0;
    for (const chunk of this.channel._buffer) total += chunk.byteLength;
    return total;
  }

  /** Whether the session holds more than its limit now. */
  over(): boolean {
    return this.#inFlight + this.queuedOutput() > this.limit;
  }

  /** Counts `bytes` as in flight until the returned function is called (once). */
  track(bytes: number): () => void {
    this.#inFlight += bytes;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#inFlight -= bytes;
      this.maybeResume();
    };
  }

  /** Resolves when the replies queued for the client are under the limit again. */
  async outputRoom(): Promise<void> {
    while (!this.#closed && this.queuedOutput() > this.limit)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }

  close(): void {
    this.#closed = true;
    if (this.#poll !== null) clearInterval(this.#poll);
    this.#poll = null;
  }

  private hold(): void {
    if (this.#held) return;
    this.#held = true;
    // Replies drain when the client opens its window, which no event of ours reports: look again.
    this.#poll = setInterval(() => this.maybeResume(), POLL_MS);
  }

  private maybeResume(): void {
    if (!this.#held || this.over()) return;
    this.#held = false;
    if (this.#poll !== null) clearInterval(this.#poll);
    this.#poll = null;
    const { incoming, outgoing, _protocol } = this.channel;
    if (this.#closed || outgoing.state !== 'open') return;
    const amount = CHANNEL_WINDOW - incoming.window;
    if (amount <= 0) return;
    incoming.window += amount;
    _protocol.channelWindowAdjust(outgoing.id, amount);
  }
}
