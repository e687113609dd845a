import type { Readable } from 'node:stream';

/**
 * Output bytes handled per turn of the event loop. The pipe hands the core up to 64 KiB at once: from
 * a chatty server that is some 5,000 lines, each sent to every console viewer, which handled in one
 * go keeps HTTP requests waiting for tens of milliseconds on a busy machine.
 */
export const OUTPUT_SLICE_BYTES = 8 * 1024;

/**
 * Feeds a process's output stream to `sink` at most `sliceBytes` per turn of the event loop: the rest
 * of a larger chunk waits for the next turn (setImmediate, so the poll phase in between answers the
 * sockets) with the stream paused, so nothing more is read meanwhile and the server waits on its full
 * pipe as it would on a slow terminal. `hold` (the viewers' flow control) pauses the stream too; what
 * was already read is still delivered.
 */
export class OutputPacer {
  /** Read but not yet delivered, oldest first (the first one possibly in part). */
  private readonly backlog: Buffer[] = [];
  private scheduled = false;
  private held = false;

  constructor(
    private readonly stream: Readable,
    private readonly sink: (chunk: Buffer) => void,
    private readonly sliceBytes = OUTPUT_SLICE_BYTES,
  ) {
    stream.on('data', (chunk: Buffer) => this.take(chunk));
  }

  /** Stops (true) or resumes (false) reading; a resume waits until the backlog is delivered. */
  hold(held: boolean): void {
    this.held = held;
    this.updateFlow();
  }

  /** Delivers what is still waiting at once (the stream is done). */
  flush(): void {
    for (const chunk of this.backlog.splice(0)) this.sink(chunk);
  }

  private take(chunk: Buffer): void {
    if (this.backlog.length === 0 && chunk.length <= this.sliceBytes) {
      this.sink(chunk);
      return;
    }
    // Node resumes a child's pipes itself when the child exits: data may come while a backlog waits.
    this.backlog.push(chunk);
    this.stream.pause();
    if (!this.scheduled) this.next();
  }

  private next(): void {
    this.scheduled = false;
    const head = this.backlog[0];
    if (!head) return;
    if (head.length <= this.sliceBytes) {
      this.backlog.shift();
      this.sink(head);
    } else {
      this.backlog[0] = head.subarray(this.sliceBytes);
      this.sink(head.subarray(0, this.sliceBytes));
    }
    if (this.backlog.length === 0) {
      this.updateFlow();
      return;
    }
    this.scheduled = true;
    setImmediate(() => this.next());
  }

  private updateFlow(): void {
    if (this.held || this.backlog.length > 0) this.stream.pause();
    else if (!this.stream.destroyed) this.stream.resume();
  }
}
