import { useCallback, useRef } from 'react';
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
            <li
              key={item.key}
              aria-setsize={entries.length}
              aria-posinset={item.index + 1}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
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
                  // The button's words, then whose row: "Pardon Steve".
                  aria-label={`${removeLabel} ${entry.primary}`}
                  onClick={() => onRemove(entry)}
                >
                  {removeLabel}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
