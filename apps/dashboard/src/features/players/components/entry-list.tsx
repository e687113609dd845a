import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button } from '@/components/ui/button.tsx';
import type { ListEntry } from '../player-actions.ts';

export interface EntryListProps {
  label: string;
  entries: readonly ListEntry[];
  /** The button of a row, e.g. "Pardon" (its accessible name adds the entry: "Pardon Steve"). */
  removeLabel: string | null;
  /** Why removing is not possible now (null: it is). */
  removeDisabledReason: string | null;
  busy: boolean;
  onRemove: (entry: ListEntry) => void;
  emptyText: string;
}

const ROW_HEIGHT = 52;
const MAX_VISIBLE_ROWS = 8;

interface RowProps {
  entry: ListEntry;
  index: number;
  setSize: number;
  start: number;
  removeLabel: string | null;
  removeDisabledReason: string | null;
  busy: boolean;
  onRemove: (entry: ListEntry) => void;
}

/**
 * One row. Memoized: while the list scrolls its props do not change (a row keeps its index and
 * place), so a frame draws only the rows coming into view, not the 25 in the page.
 */
const EntryRow = memo(function EntryRow({
  entry,
  index,
  setSize,
  start,
  removeLabel,
  removeDisabledReason,
  busy,
  onRemove,
}: RowProps) {
  return (
    <li
      aria-setsize={setSize}
      aria-posinset={index + 1}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
      className="absolute top-0 left-0 flex w-full items-center gap-3 border-b border-line/60 px-4"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{entry.primary}</p>
        {entry.secondary ? (
          <p className="truncate text-xs text-faint" title={entry.secondary}>
            {entry.secondary}
          </p>
        ) : null}
      </div>
      {removeLabel ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={removeDisabledReason !== null || busy}
          title={removeDisabledReason ?? undefined}
          aria-label={`${removeLabel} ${entry.primary}`}
          onClick={() => onRemove(entry)}
        >
          {removeLabel}
        </Button>
      ) : null}
    </li>
  );
});

/**
 * One list (bans, operators, the whitelist), drawn a screenful at a time: a server with 10,000
 * bans puts a few dozen rows in the page, never all of them (bench/players-render.ts).
 */
export function EntryList({
  label,
  entries,
  removeLabel,
  removeDisabledReason,
  busy,
  onRemove,
  emptyText,
}: EntryListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // The tab makes a new callback whenever it draws (an instance event): the rows keep one that
  // calls the latest, so such a draw does not draw every row again.
  const latestRemove = useRef(onRemove);
  useLayoutEffect(() => {
    latestRemove.current = onRemove;
  }, [onRemove]);
  const remove = useCallback((entry: ListEntry) => latestRemove.current(entry), []);
  const height = Math.min(entries.length, MAX_VISIBLE_ROWS) * ROW_HEIGHT + 2;
  // A new key function makes the virtualizer measure every row again: one per list, not per frame.
  const keyOf = useCallback((index: number) => entries[index]?.key ?? index, [entries]);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // The box's height is known before it is measured: the first frame already draws its rows.
    initialRect: { width: 0, height },
    getItemKey: keyOf,
    overscan: 8,
    useFlushSync: false,
    // The list draws nothing differently while scrolling: "scrollend" after every step of a
    // scroll would draw the list a second time per frame for nothing; "still scrolling" ends
    // once, after the default quiet time.
    useScrollendEvent: false,
  });
  if (entries.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-line px-4 py-5 text-center text-[13px] text-faint">
        {emptyText}
      </p>
    );
  return (
    <div
      ref={scroller}
      data-testid={`${label} scroller`}
      style={{ height }}
      className="overflow-y-auto rounded-lg border border-line bg-panel"
    >
      <ul
        aria-label={label}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index];
          if (!entry) return null;
          return (
            <EntryRow
              key={item.key}
              entry={entry}
              index={item.index}
              setSize={entries.length}
              start={item.start}
              removeLabel={removeLabel}
              removeDisabledReason={removeDisabledReason}
              busy={busy}
              onRemove={remove}
            />
          );
        })}
      </ul>
    </div>
  );
}
