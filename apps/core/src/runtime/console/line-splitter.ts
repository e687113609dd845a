import { StringDecoder } from 'node:string_decoder';

/** The longest line kept as one console event; longer lines are cut into pieces of this size. */
export const MAX_LINE_CHARS = 16 * 1024;

/**
 * Turns a byte stream into lines, each ending with the terminator the process wrote (`\n` or
 * `\r\n`), like the reference's InstanceOutput. Partial lines wait for the next chunk; a line longer
 * than `maxChars` is emitted in pieces so one runaway line cannot grow memory without bound. UTF-8
 * split across chunks is reassembled; invalid bytes become U+FFFD.
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxChars = MAX_LINE_CHARS,
  ) {}

  push(chunk: Buffer | string): void {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    if (text === '') return;
    let data = this.pending + text;
    this.pending = '';
    let start = 0;
    for (;;) {
      const nl = data.indexOf('\n', start);
      if (nl === -1) break;
      this.emitBounded(data.slice(start, nl + 1));
      start = nl + 1;
    }
    data = data.slice(start);
    while (data.length > this.maxChars) {
      // Keep a lone '\r' with its '\n' if the cut falls between them.
      const cut = data.charCodeAt(this.maxChars - 1) === 13 ? this.maxChars - 1 : this.maxChars;
      this.onLine(data.slice(0, cut));
      data = data.slice(cut);
    }
    this.pending = data;
  }

  /** Emits whatever is left (the process ended without a final newline). */
  end(): void {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    if (rest !== '') this.emitBounded(rest);
  }

  private emitBounded(line: string): void {
    if (line.length <= this.maxChars) {
      this.onLine(line);
      return;
    }
    for (let i = 0; i < line.length; i += this.maxChars)
      this.onLine(line.slice(i, i + this.maxChars));
  }
}
