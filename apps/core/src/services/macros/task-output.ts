import {
  MACRO_OUTPUT_LINE_MAX_CHARS,
  MACRO_OUTPUT_MAX_BYTES,
  MACRO_OUTPUT_MAX_LINES,
  type MacroOutput,
  replaceControlCharacters,
  stripAnsi,
} from '@hearth/protocol';

/** How long new lines wait to be sent together to the task's output sockets. */
const BATCH_MS = 100;

export interface OutputBounds {
  maxLines: number;
  maxBytes: number;
  lineMaxChars: number;
}

export const OUTPUT_BOUNDS: OutputBounds = {
  maxLines: MACRO_OUTPUT_MAX_LINES,
  maxBytes: MACRO_OUTPUT_MAX_BYTES,
  lineMaxChars: MACRO_OUTPUT_LINE_MAX_CHARS,
};

/** Receives the lines a task printed since the last batch. */
export type OutputListener = (lines: string[]) => void;

/** A line as it is kept: terminal escapes and control characters dropped, cut at the bound. */
function keptLine(raw: string, maxChars: number): string {
  const text = replaceControlCharacters(stripAnsi(raw), '', { keepTabAndNewline: true });
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

/**
 * One task's own output (its stdout and stderr lines, in the order they came), kept for its
 * history entry: the newest lines within the bounds (1,000 lines, 256 KiB counting a newline per
 * line); what went past them, or was dropped by the output rate limit, makes it `truncated`.
 * Listeners (the task's output sockets) get new lines in batches, at most every 100 ms.
 */
export class TaskOutput {
  private readonly lines: string[] = [];
  private bytes = 0;
  private truncated = false;
  private pending: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<OutputListener>();

  constructor(private readonly bounds: OutputBounds = OUTPUT_BOUNDS) {}

  /** A line the task printed (without its terminator). */
  append(raw: string): void {
    const line = keptLine(raw, this.bounds.lineMaxChars);
    this.lines.push(line);
    this.bytes += Buffer.byteLength(line) + 1;
    while (
      this.lines.length > this.bounds.maxLines ||
      (this.bytes > this.bounds.maxBytes && this.lines.length > 0)
    ) {
      this.bytes -= Buffer.byteLength(this.lines.shift()!) + 1;
      this.truncated = true;
    }
    if (this.listeners.size === 0) return;
    this.pending.push(line);
    this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  /** Lines the rate limit dropped: a line in their place says so. */
  dropped(count: number, why: string): void {
    this.append(`[Hearth: ${count} line${count === 1 ? '' : 's'} dropped: ${why}]`);
    this.truncated = true;
  }

  snapshot(): MacroOutput {
    return { lines: [...this.lines], truncated: this.truncated };
  }

  /**
   * New lines from now on, batched; returns the unsubscriber. What waits for the other listeners
   * goes to them first: it is already in a snapshot the new listener was given.
   */
  subscribe(listener: OutputListener): () => void {
    this.flush();
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.cancel();
    };
  }

  /** Sends what waits at once (the task ended); listeners stay until they unsubscribe. */
  flush(): void {
    this.cancel();
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    for (const listener of this.listeners) listener(batch);
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.listeners.size === 0) this.pending = [];
  }
}
