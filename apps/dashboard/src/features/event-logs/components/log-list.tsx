import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { snowflakeToMs } from '@hearth/protocol';
import type { LogEntry } from '@hearth/protocol';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { useClock } from '@/lib/use-clock.ts';
import { entryWords, type EntryWords, type LogLookups } from '../log-words.ts';
import { LogRow, logColumns } from './log-row.tsx';

const ROW_HEIGHT = 37;
const SECOND_MS = 1000;
const MINUTE_MS = 60_000;

/**
 * "Now" for relative times: every second while the newest entry is under a minute old ("56
 * seconds ago" keeps counting), else every minute (not on every scrolled frame). Never before the
 * newest entry, so a live entry that arrives between ticks reads "just now" like the rows below
 * it, not as a date.
 */
function useLogClock(newestMs: number): number {
  const now = useClock((nowMs) => (nowMs - newestMs < MINUTE_MS ? SECOND_MS : MINUTE_MS));
  return Math.max(now, newestMs);
}

export interface LogListProps {
  entries: readonly LogEntry[];
  lookups: LogLookups;
  showInstance: boolean;
  /** More (older) entries can be loaded. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Shown when there are no entries. */
  emptyText: string;
}

/**
 * The entries, newest first and virtualized (@tanstack/react-virtual): only the rows in view are
 * in the DOM, so 100,000 loaded entries scroll like 50. A row grows when its details open (rows
 * are measured). Nearing the end loads the next (older) page.
 */
export function LogList({
  entries,
  lookups,
  showInstance,
  hasMore,
  loadingMore,
  onLoadMore,
  emptyText,
}: LogListProps) {
  const { t, i18n } = useLingui();
  const scroller = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const newest = entries[0];
  const nowMs = useLogClock(newest ? snowflakeToMs(newest.snowflake) : 0);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => entries[index]?.snowflake ?? index,
    overscan: 10,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= entries.length - 25) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, entries.length, onLoadMore]);

  const onToggle = useCallback((snowflake: string) => {
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(snowflake)) next.add(snowflake);
      return next;
    });
  }, []);

  // Words are worked out once per entry and language, not on every scrolled frame.
  const locale = i18n.locale;
  const wordsOf = useMemo(() => {
    const cache = new WeakMap<LogEntry, EntryWords>();
    return (entry: LogEntry) => {
      let found = cache.get(entry);
      if (!found) {
        found = entryWords(entry, lookups);
        cache.set(entry, found);
      }
      return found;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new language needs new words
  }, [lookups, locale]);

  return (
    <div
      role="table"
      aria-label={t`Event log`}
      aria-rowcount={entries.length + 1}
      // Narrow screens scroll the columns sideways rather than squeezing the event text to nothing.
      className="flex min-h-[28rem] flex-1 flex-col overflow-x-auto overflow-y-hidden rounded-lg border border-line bg-panel wide:min-h-0"
    >
      <div role="rowgroup" className="min-w-[36rem] border-b border-line">
        <div
          role="row"
          aria-rowindex={1}
          className={cn(
            'grid h-9 items-center gap-3 px-3 text-[11px] font-semibold tracking-wider text-faint uppercase',
            logColumns(showInstance),
          )}
        >
          <div role="columnheader">
            <Trans>Time</Trans>
          </div>
          <div role="columnheader">
            <Trans>Level</Trans>
          </div>
          <div role="columnheader">
            <Trans>Event</Trans>
          </div>
          {showInstance ? (
            <div role="columnheader">
              <Trans>Instance</Trans>
            </div>
          ) : null}
          <div role="columnheader">
            <Trans>Who</Trans>
          </div>
        </div>
      </div>
      <div
        ref={scroller}
        role="rowgroup"
        className="min-h-0 min-w-[36rem] flex-1 overflow-y-auto"
        data-testid="event-log-scroller"
      >
        {entries.length === 0 ? (
          <p className="flex h-full items-center justify-center p-8 text-sm text-faint">
            {emptyText}
          </p>
        ) : (
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const entry = entries[item.index];
              if (!entry) return null;
              return (
                <LogRow
                  key={item.key}
                  entry={entry}
                  words={wordsOf(entry)}
                  index={item.index}
                  top={item.start}
                  expanded={expanded.has(entry.snowflake)}
                  showInstance={showInstance}
                  nowMs={nowMs}
                  onToggle={onToggle}
                  rowRef={virtualizer.measureElement}
                />
              );
            })}
          </div>
        )}
      </div>
      {loadingMore ? (
        <p className="border-t border-line px-3 py-1.5 text-xs text-faint">
          <Trans>Loading older events…</Trans>
        </p>
      ) : null}
    </div>
  );
}
