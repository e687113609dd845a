import { useLayoutEffect, useRef, useState } from 'react';
import { ArrowDown } from 'lucide-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { isNearBottom } from '../scroll.ts';
import type { LineSource } from '../console-search.ts';
import { ConsoleLineText } from './console-line.tsx';

/** Every line is one row of this height (no wrapping; long lines scroll sideways). */
export const CONSOLE_ROW_HEIGHT = 20;
/** More than the rows a screen can show plus the overscan, so slot keys never collide. */
const ROW_SLOTS = 1024;

export interface ConsoleOutputProps {
  source: LineSource;
  /** Shown when `source` is empty. */
  emptyText: string;
}

/**
 * The log list, virtualized: only the rows in view (plus a margin) exist in the DOM, so 100,000
 * kept lines cost no more to draw than 50. New lines scroll it to the bottom only when it was
 * within 10 px of the bottom already (dashboard.md §2).
 */
export function ConsoleOutput({ source, emptyText }: ConsoleOutputProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const virtualizer = useVirtualizer({
    count: source.size,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CONSOLE_ROW_HEIGHT,
    overscan: 12,
    paddingStart: 8,
    paddingEnd: 8,
    // Scroll-driven redraws join React's normal batching instead of forcing a synchronous one.
    useFlushSync: false,
  });

  // After every change of what is shown: follow the end if we were at it.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    // The virtual size, not scrollHeight: reading that would force a second layout per frame.
    if (el && stick.current) el.scrollTop = virtualizer.getTotalSize();
  }, [source, virtualizer]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const near = isNearBottom(el);
    stick.current = near;
    setAtBottom(near);
  };

  const jumpToEnd = () => {
    const el = scrollRef.current;
    if (!el) return;
    stick.current = true;
    setAtBottom(true);
    el.scrollTop = el.scrollHeight;
  };

  return (
    <div className="relative min-h-0 flex-1 overflow-hidden rounded-lg border border-line bg-[#090b0f]">
      <div
        ref={scrollRef}
        role="log"
        aria-label="Console output"
        aria-live="off"
        tabIndex={0}
        onScroll={onScroll}
        className="h-full overflow-auto font-mono text-[13px] text-[#d4d8e0]"
      >
        {source.size === 0 ? (
          <p className="flex h-full items-center justify-center font-sans text-sm text-faint">
            {emptyText}
          </p>
        ) : (
          <div className="relative min-w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const line = source.lineAt(item.index);
              return (
                <div
                  // Keyed by slot, not by line: rows that scroll out are reused for the rows
                  // that scroll in (text updated in place instead of nodes removed and created).
                  key={item.index % ROW_SLOTS}
                  data-index={item.index}
                  className="absolute top-0 left-0 min-w-full px-3 whitespace-pre hover:bg-white/[0.03]"
                  style={{
                    height: CONSOLE_ROW_HEIGHT,
                    lineHeight: `${CONSOLE_ROW_HEIGHT}px`,
                    transform: `translateY(${item.start}px)`,
                    contain: 'layout paint style',
                  }}
                >
                  {line ? <ConsoleLineText line={line} /> : null}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {!atBottom && source.size > 0 ? (
        <button
          type="button"
          onClick={jumpToEnd}
          className="absolute right-4 bottom-3 inline-flex h-8 items-center gap-1.5 rounded-full border border-line bg-raised px-3 text-xs text-fg shadow-lg shadow-black/40 hover:bg-hover"
        >
          <ArrowDown aria-hidden className="size-3.5" />
          Jump to latest
        </button>
      ) : null}
    </div>
  );
}
