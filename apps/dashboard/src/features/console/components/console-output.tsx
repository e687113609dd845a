import { useLayoutEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown } from 'lucide-react';
import { CONSOLE_SCROLL_THRESHOLD_PX } from '@hearth/protocol';
import { bottomTop, rowWindow, type RowGeometry } from '../fixed-rows.ts';
import type { LineSource } from '../console-search.ts';
import { ConsoleLineText } from './console-line.tsx';

/** Every line is one row of this height (no wrapping; long lines scroll sideways). */
export const CONSOLE_ROW_HEIGHT = 20;
const GEOMETRY: RowGeometry = { rowHeight: CONSOLE_ROW_HEIGHT, padding: 8, overscan: 12 };

export interface ConsoleOutputProps {
  source: LineSource;
  /** Shown when `source` is empty. */
  emptyText: string;
}

/**
 * The log list, virtualized: only the rows in view (plus a margin) exist in the DOM, and which rows
 * those are is arithmetic on a fixed row height, so 100,000 kept lines cost no more per frame than
 * 50. New lines scroll it to the bottom only when it was within 10 px of the bottom already
 * (dashboard.md §2).
 */
export function ConsoleOutput({ source, emptyText }: ConsoleOutputProps) {
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const [view, setView] = useState({ top: 0, height: 0 });
  const count = source.size;
  // While following the end, draw the last rows at once instead of waiting for the scroll event.
  const top = atBottom ? bottomTop(count, view.height, GEOMETRY) : view.top;
  const rows = rowWindow(count, top, view.height, GEOMETRY);

  // The view's height, now and whenever the panel is resized.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return undefined;
    const measure = () =>
      setView((v) => (v.height === el.clientHeight ? v : { ...v, height: el.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // After every change of what is shown: follow the end if we were at it. The write lays out the
  // rows drawn a moment ago (layout the frame needs anyway); nothing is read back.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && stick.current) el.scrollTop = rows.total;
  }, [source, rows.total]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const top = el.scrollTop;
    const height = el.clientHeight;
    const near = rows.total - top - height <= CONSOLE_SCROLL_THRESHOLD_PX;
    stick.current = near;
    setAtBottom(near);
    // While following the end the rows come from the count, not from the scroll position: the
    // scroll that following itself causes every frame must not draw the list a second time.
    setView((v) =>
      (near && atBottom && v.height === height) || (v.top === top && v.height === height)
        ? v
        : { top, height },
    );
  };

  const jumpToEnd = () => {
    const el = scrollRef.current;
    if (!el) return;
    stick.current = true;
    setAtBottom(true);
    el.scrollTop = rows.total;
  };

  const drawn: number[] = [];
  for (let index = rows.start; index < rows.end; index++) drawn.push(index);
  // Rows are keyed by slot (index modulo the number drawn): a row that scrolls out is reused for the
  // one that scrolls in (its text and position updated in place), so following a flood updates the
  // same few dozen rows every frame instead of removing them and creating new ones.
  const slots = Math.max(1, drawn.length);

  return (
    <div className="relative min-h-0 flex-1 overflow-hidden rounded-lg border border-line bg-console-bg">
      <div
        ref={scrollRef}
        role="log"
        aria-label={t`Console output`}
        aria-live="off"
        tabIndex={0}
        onScroll={onScroll}
        className="focus-inset h-full overflow-auto font-mono text-[13px] text-console-fg"
      >
        {source.size === 0 ? (
          <p className="flex h-full items-center justify-center font-sans text-sm text-faint">
            {emptyText}
          </p>
        ) : (
          <div className="relative min-w-full" style={{ height: rows.total }}>
            {drawn.map((index) => {
              const line = source.lineAt(index);
              return (
                <div
                  key={index % slots}
                  data-index={index}
                  className="absolute top-0 left-0 min-w-full px-3 whitespace-pre hover:bg-fg/[0.04]"
                  style={{
                    height: CONSOLE_ROW_HEIGHT,
                    lineHeight: `${CONSOLE_ROW_HEIGHT}px`,
                    transform: `translateY(${GEOMETRY.padding + index * CONSOLE_ROW_HEIGHT}px)`,
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
          className="absolute right-4 bottom-3 inline-flex h-11 items-center gap-1.5 rounded-full border border-line bg-raised px-3 text-xs text-fg shadow-lg shadow-black/40 hover:bg-hover wide:h-8"
        >
          <ArrowDown aria-hidden className="size-3.5" />
          <Trans>Jump to latest</Trans>
        </button>
      ) : null}
    </div>
  );
}
