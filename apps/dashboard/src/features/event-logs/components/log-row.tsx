import { memo } from 'react';
import type { Ref } from 'react';
import { ChevronRight } from 'lucide-react';
import { snowflakeToMs } from '@hearth/protocol';
import type { EventLevel, LogEntry } from '@hearth/protocol';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';
import { formatLogTime, formatLogTimeFull } from '../log-time.ts';
import { CATEGORY_LABELS, type EntryWords } from '../log-words.ts';

const LEVEL_STYLE: Record<EventLevel, string> = {
  Info: 'text-muted',
  Warning: 'text-warning',
  Error: 'text-danger',
};
/** A level's name (the level filter offers the same words). */
export const LEVEL_LABELS = {
  Info: msg`Info`,
  Warning: msg`Warning`,
  Error: msg`Error`,
} as const;
const LEVEL_DOT: Record<EventLevel, string> = {
  Info: 'bg-faint',
  Warning: 'bg-warning',
  Error: 'bg-danger',
};

/** The grid's columns: time, level, what happened, (instance), who. */
export function logColumns(showInstance: boolean): string {
  return showInstance
    ? 'grid-cols-[11rem_5.5rem_minmax(0,1fr)_10rem_8rem]'
    : 'grid-cols-[11rem_5.5rem_minmax(0,1fr)_8rem]';
}

export interface LogRowProps {
  entry: LogEntry;
  words: EntryWords;
  index: number;
  top: number;
  expanded: boolean;
  showInstance: boolean;
  nowMs: number;
  onToggle: (snowflake: string) => void;
  rowRef: Ref<HTMLDivElement>;
}

/** One entry: a line of cells, and its details under it when expanded. */
export const LogRow = memo(function LogRow({
  entry,
  words,
  index,
  top,
  expanded,
  showInstance,
  nowMs,
  onToggle,
  rowRef,
}: LogRowProps) {
  const { t, i18n } = useLingui();
  const at = snowflakeToMs(entry.snowflake);
  const title = words.title;
  return (
    <div
      ref={rowRef}
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      className="absolute top-0 left-0 w-full border-b border-line/60"
      style={{ transform: `translateY(${top}px)` }}
    >
      <div
        className={cn(
          'grid h-11 items-center gap-3 px-3 text-[13px] wide:h-9',
          logColumns(showInstance),
        )}
      >
        <div role="cell" className="truncate text-faint" title={formatLogTimeFull(at)}>
          {formatLogTime(at, nowMs)}
        </div>
        <div role="cell" className={cn('flex items-center gap-1.5', LEVEL_STYLE[entry.level])}>
          <span aria-hidden className={cn('size-1.5 rounded-full', LEVEL_DOT[entry.level])} />
          {i18n._(LEVEL_LABELS[entry.level])}
        </div>
        <div role="cell" className="min-w-0">
          <button
            type="button"
            onClick={() => onToggle(entry.snowflake)}
            aria-expanded={expanded}
            aria-label={expanded ? t`${title}, hide details` : t`${title}, show details`}
            className="focus-inset flex h-11 w-full min-w-0 items-center gap-1.5 rounded text-left text-fg hover:text-accent wide:h-9"
          >
            <ChevronRight
              aria-hidden
              className={cn(
                'size-3.5 shrink-0 text-faint transition-transform',
                expanded && 'rotate-90',
              )}
            />
            <span className="truncate" translate={words.titleTheirs ? 'no' : undefined}>
              {words.title}
            </span>
          </button>
        </div>
        {showInstance ? (
          <div role="cell" className="truncate text-muted">
            {words.instance ?? '—'}
          </div>
        ) : null}
        <div role="cell" className="truncate text-muted">
          {words.who}
        </div>
      </div>
      {expanded ? <LogDetails entry={entry} words={words} at={at} /> : null}
    </div>
  );
});

function LogDetails({ entry, words, at }: { entry: LogEntry; words: EntryWords; at: number }) {
  const { t, i18n } = useLingui();
  const facts: [string, string][] = [
    [t`When`, formatLogTimeFull(at)],
    [t`Kind`, i18n._(CATEGORY_LABELS[entry.category])],
    [t`Who`, words.who],
    ...(words.instance ? ([[t`Instance`, words.instance]] as [string, string][]) : []),
    [t`Id`, entry.snowflake],
  ];
  return (
    <div className="flex flex-col gap-2 border-t border-line/60 bg-raised/40 px-9 py-3 text-[13px]">
      {words.detail ? <p className="whitespace-pre-wrap text-fg">{words.detail}</p> : null}
      <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-3 gap-y-1">
        {facts.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-faint">{name}</dt>
            <dd className="truncate text-muted">{value}</dd>
          </div>
        ))}
      </dl>
      <pre className="max-h-48 overflow-auto rounded-md border border-line bg-bg p-2 font-mono text-xs text-muted">
        {JSON.stringify(entry.source === 'event' ? entry.event_inner : entry.activity, null, 2)}
      </pre>
    </div>
  );
}
