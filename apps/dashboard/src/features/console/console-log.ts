import { CONSOLE_CLIENT_LINE_CAP, isConsoleLines } from '@hearth/protocol';
import type { ClientEvent, ConsoleItem } from '@hearth/protocol';
import { stripFormatting } from './ansi.ts';

// The lines a console view keeps. It is a plain mutable structure, not query-cache data: at
// thousands of lines a second, copying a 100,000-entry array for every frame would cost far more
// than the drawing. Every line gets a sequence number that is never reused, so views (search
// results) can refer to lines while the oldest ones are dropped.

export interface ConsoleLine {
  /** Position since the log was created; contiguous, never reused. */
  readonly seq: number;
  /** The snowflake of the event the line came from. */
  readonly id: string;
  /** As printed, with colour codes. */
  readonly text: string;
  /** Without colour codes: what search looks at. */
  readonly plain: string;
}

/** The message of an `InstanceOutput` event of `instanceUuid`, or null for anything else. */
export function outputMessage(event: ClientEvent, instanceUuid: string): string | null {
  const inner = event.event_inner;
  if (inner.type !== 'InstanceEvent' || inner.instance_uuid !== instanceUuid) return null;
  return inner.instance_event_inner.type === 'InstanceOutput'
    ? inner.instance_event_inner.message
    : null;
}

/** A message as display lines: without its final line break, split at inner ones. */
export function splitMessage(message: string): string[] {
  const body = message.replace(/\r?\n$/, '');
  return body.includes('\n') ? body.split(/\r?\n/) : [body.replace(/\r$/, '')];
}

export class ConsoleLog {
  private lines: ConsoleLine[] = [];
  private head = 0;
  private nextSeq = 0;
  private readonly ids = new Set<string>();

  constructor(readonly cap: number = CONSOLE_CLIENT_LINE_CAP) {}

  get size(): number {
    return this.lines.length - this.head;
  }

  /** Sequence number of the oldest kept line. */
  get firstSeq(): number {
    return this.nextSeq - this.size;
  }

  /** Sequence number the next line will get. */
  get endSeq(): number {
    return this.nextSeq;
  }

  at(index: number): ConsoleLine | undefined {
    if (index < 0 || index >= this.size) return undefined;
    return this.lines[this.head + index];
  }

  bySeq(seq: number): ConsoleLine | undefined {
    return this.at(seq - this.firstSeq);
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Adds the lines of one event; false when an event with this snowflake is already kept. */
  add(id: string, message: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    for (const text of splitMessage(message)) {
      this.lines.push({ seq: this.nextSeq++, id, text, plain: stripFormatting(text) });
    }
    this.trim();
    return true;
  }

  /**
   * Adds the console output that belongs to `instanceUuid` from events and runs of lines (a Hearth
   * core's `batch=lines` stream); returns how many events were new.
   */
  addEvents(items: Iterable<ConsoleItem>, instanceUuid: string): number {
    let added = 0;
    for (const item of items) {
      if (isConsoleLines(item)) {
        if (item.instance_uuid !== instanceUuid) continue;
        const { snowflakes, messages } = item;
        for (let i = 0; i < messages.length; i++)
          if (this.add(snowflakes[i]!, messages[i]!)) added++;
        continue;
      }
      const message = outputMessage(item, instanceUuid);
      if (message !== null && this.add(item.snowflake, message)) added++;
    }
    return added;
  }

  private trim(): void {
    const excess = this.size - this.cap;
    if (excess <= 0) return;
    for (let i = 0; i < excess; i++) {
      const line = this.lines[this.head + i];
      if (line) this.ids.delete(line.id);
    }
    this.head += excess;
    // Drop the dead prefix now and then, not on every line (amortised O(1) per line).
    if (this.head >= 1024 && this.head * 2 >= this.lines.length) {
      this.lines = this.lines.slice(this.head);
      this.head = 0;
    }
  }
}
