import type { ConsoleLine, ConsoleLog } from './console-log.ts';

// dashboard.md §2 Console search: a regular expression by default, always case-insensitive; an
// invalid expression matches nothing. Search results are kept incrementally: new lines are tested
// once as they arrive, dropped lines leave the results, so following a busy console with a search
// open costs one test per new line instead of a rescan of everything kept.

export type LineMatcher = (plain: string) => boolean;

const NOTHING: LineMatcher = () => false;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** null when there is nothing to search for (every line shows). */
export function compileSearch(query: string, useRegex: boolean): LineMatcher | null {
  if (query === '') return null;
  let pattern: RegExp;
  try {
    pattern = new RegExp(useRegex ? query : escapeRegExp(query), 'i');
  } catch {
    return NOTHING;
  }
  return (plain) => pattern.test(plain);
}

/** Whether `query` is usable as a regular expression (the search box flags it when not). */
export function isValidRegex(query: string): boolean {
  try {
    new RegExp(query, 'i');
    return true;
  } catch {
    return false;
  }
}

/** What the list draws: every kept line, or the ones a search matched. */
export interface LineSource {
  readonly size: number;
  lineAt(index: number): ConsoleLine | undefined;
}

export function allLines(log: ConsoleLog): LineSource {
  return { size: log.size, lineAt: (index) => log.at(index) };
}

/** The lines of one log matching one search, kept up to date by `update`. */
export class ConsoleFilter {
  private seqs: number[] = [];
  private head = 0;
  private scanned = 0;

  constructor(
    private readonly log: ConsoleLog,
    private readonly matcher: LineMatcher,
  ) {}

  get size(): number {
    return this.seqs.length - this.head;
  }

  /** Drops results that left the log and tests the lines added since the last call. */
  update(): void {
    const first = this.log.firstSeq;
    while (this.head < this.seqs.length && (this.seqs[this.head] ?? first) < first) this.head++;
    if (this.head >= 1024 && this.head * 2 >= this.seqs.length) {
      this.seqs = this.seqs.slice(this.head);
      this.head = 0;
    }
    const end = this.log.endSeq;
    for (let seq = Math.max(this.scanned, first); seq < end; seq++) {
      const line = this.log.bySeq(seq);
      if (line && this.matcher(line.plain)) this.seqs.push(seq);
    }
    this.scanned = end;
  }

  lineAt(index: number): ConsoleLine | undefined {
    if (index < 0 || index >= this.size) return undefined;
    const seq = this.seqs[this.head + index];
    return seq === undefined ? undefined : this.log.bySeq(seq);
  }
}
