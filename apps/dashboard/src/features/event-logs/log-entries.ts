import type { InfiniteData } from '@tanstack/react-query';
import { logEntryMatches } from '@hearth/protocol';
import type { LogEntry, LogFilter, LogPage } from '@hearth/protocol';

/** The loaded pages as one newest-first list (an entry that arrived live and in a page, once). */
export function flattenPages(pages: readonly LogPage[]): LogEntry[] {
  const seen = new Set<string>();
  const out: LogEntry[] = [];
  for (const page of pages)
    for (const entry of page.entries) {
      if (seen.has(entry.snowflake)) continue;
      seen.add(entry.snowflake);
      out.push(entry);
    }
  return out;
}

const newer = (a: string, b: string) => BigInt(a) > BigInt(b);

/**
 * A live entry added to the cached pages at its place (newest first) — unless it is already there,
 * the first page was never loaded, or it does not match the filter.
 */
export function withLiveEntry<P>(
  data: InfiniteData<LogPage, P> | undefined,
  entry: LogEntry,
  filter: LogFilter,
): InfiniteData<LogPage, P> | undefined {
  if (!data?.pages[0] || !logEntryMatches(entry, filter)) return data;
  if (data.pages.some((p) => p.entries.some((e) => e.snowflake === entry.snowflake))) return data;
  const [first, ...rest] = data.pages;
  const entries = [...first.entries];
  let at = 0;
  while (at < entries.length && newer(entries[at]!.snowflake, entry.snowflake)) at++;
  entries.splice(at, 0, entry);
  return { ...data, pages: [{ ...first, entries }, ...rest] };
}

/** The live entries the cached pages lack (a fetch that was under way answered without them). */
export function missingLiveEntries<P>(
  data: InfiniteData<LogPage, P> | undefined,
  live: readonly LogEntry[],
): LogEntry[] {
  if (!data?.pages[0] || live.length === 0) return [];
  const have = new Set(data.pages.flatMap((p) => p.entries.map((e) => e.snowflake)));
  return live.filter((e) => !have.has(e.snowflake));
}
