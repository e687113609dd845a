import type { ConsoleLog } from './console-log.ts';

/** How many lines after a command are read out: a reply, not the flood that may follow it. */
export const REPLY_LINES = 3;
/** Lines later than this after the command are not its reply. */
export const REPLY_WINDOW_MS = 3000;

/**
 * The reply to a command the user just sent, for a polite live region: the first lines that
 * arrive after it, within a short window. Output nobody asked for is never announced (the log
 * itself is `aria-live="off"`: a screen reader cannot keep up with a game's console).
 */
export class CommandReply {
  private next: number | null = null;
  private until = 0;
  private lines: string[] = [];

  /** A command was sent when the log's next line would be `endSeq`. */
  start(endSeq: number, now: number): void {
    this.next = endSeq;
    this.until = now + REPLY_WINDOW_MS;
    this.lines = [];
  }

  /** After lines arrived: the text to announce, or null when there is nothing new to read. */
  collect(log: ConsoleLog, now: number): string | null {
    if (this.next === null) return null;
    if (now > this.until) {
      this.next = null;
      return null;
    }
    const before = this.lines.length;
    this.next = Math.max(this.next, log.firstSeq);
    while (this.lines.length < REPLY_LINES && this.next < log.endSeq) {
      const line = log.bySeq(this.next);
      this.next += 1;
      if (line && line.plain.trim() !== '') this.lines.push(line.plain);
    }
    if (this.lines.length >= REPLY_LINES) this.next = null;
    return this.lines.length > before ? this.lines.join('\n') : null;
  }
}
