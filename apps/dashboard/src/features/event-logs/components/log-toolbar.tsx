import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { LOG_CATEGORIES } from '@hearth/protocol';
import type { EventLevel, LogCategory, LogFilter } from '@hearth/protocol';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { MultiSelect } from '@/components/ui/multi-select.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import type { MultiSelectOption } from '@/components/ui/multi-select.tsx';
import { TIME_RANGES, fromLocalInput, toLocalInput, type TimeRange } from '../log-time-range.ts';
import { CATEGORY_LABELS } from '../log-words.ts';
import { LEVEL_LABELS } from './log-row.tsx';

const levelOptions = (i18n: I18n): MultiSelectOption[] =>
  (['Info', 'Warning', 'Error'] as const).map((l) => ({
    value: l,
    label: i18n._(LEVEL_LABELS[l]),
  }));
const kindOptions = (i18n: I18n): MultiSelectOption[] =>
  LOG_CATEGORIES.map((c) => ({ value: c, label: i18n._(CATEGORY_LABELS[c]) }));
/** Text typed in the search waits this long before it filters (and lands in the URL). */
const SEARCH_DELAY_MS = 300;

export interface LogToolbarProps {
  filter: LogFilter;
  range: TimeRange;
  /** Options of the instance filter; null in an instance tab (its instance is the filter). */
  instanceOptions: MultiSelectOption[] | null;
  peopleOptions: MultiSelectOption[];
  filtered: boolean;
  onChange: (filter: LogFilter, range: TimeRange) => void;
  onClear: () => void;
  actions: ReactNode;
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 wide:w-40">
      <span aria-hidden className="text-[11px] font-semibold tracking-wider text-faint uppercase">
        {label}
      </span>
      {children}
    </div>
  );
}

const listOrNull = <T extends string>(values: T[]) => (values.length ? values : null);

/** The Event Logs' filters: text, level, kind, who, (instance), time — and the export buttons. */
export function LogToolbar({
  filter,
  range,
  instanceOptions,
  peopleOptions,
  filtered,
  onChange,
  onClear,
  actions,
}: LogToolbarProps) {
  const { t, i18n } = useLingui();
  const set = (patch: Partial<LogFilter>, nextRange: TimeRange = range) =>
    onChange({ ...filter, ...patch }, nextRange);
  const timeId = useId();
  const fromId = useId();
  const toId = useId();

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox value={filter.text ?? ''} onSearch={(text) => set({ text: text || null })} />
        <Labelled label={t`Level`}>
          <MultiSelect
            label={t`Level`}
            placeholder={t`All levels`}
            options={levelOptions(i18n)}
            selected={filter.levels ?? []}
            onChange={(v) => set({ levels: listOrNull(v as EventLevel[]) })}
          />
        </Labelled>
        <Labelled label={t`Kind`}>
          <MultiSelect
            label={t`Kind`}
            placeholder={t`All kinds`}
            options={kindOptions(i18n)}
            selected={filter.categories ?? []}
            onChange={(v) => set({ categories: listOrNull(v as LogCategory[]) })}
          />
        </Labelled>
        <Labelled label={t`Who`}>
          <MultiSelect
            label={t`Who`}
            placeholder={t`Anyone`}
            options={peopleOptions}
            selected={filter.actors ?? []}
            onChange={(v) => set({ actors: listOrNull(v) })}
          />
        </Labelled>
        {instanceOptions ? (
          <Labelled label={t`Instance`}>
            <MultiSelect
              label={t`Instance`}
              placeholder={t`All instances`}
              options={instanceOptions}
              selected={filter.instances ?? []}
              onChange={(v) => set({ instances: listOrNull(v) })}
            />
          </Labelled>
        ) : null}
        <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 wide:w-40">
          <label
            htmlFor={timeId}
            className="text-[11px] font-semibold tracking-wider text-faint uppercase"
          >
            <Trans>Time</Trans>
          </label>
          <select
            id={timeId}
            value={range}
            onChange={(e) => set({ since: null, until: null }, e.target.value as TimeRange)}
            className="h-11 rounded-md border border-edge bg-bg px-2 text-sm text-fg wide:h-9"
          >
            {TIME_RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {i18n._(r.label)}
              </option>
            ))}
          </select>
        </div>
        {filtered ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden className="size-3.5" />
            <Trans>Clear filters</Trans>
          </Button>
        ) : null}
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </div>
      {range === 'custom' ? (
        <div className="flex flex-wrap items-center gap-3 text-[13px] text-muted">
          <label htmlFor={fromId}>
            <Trans>From</Trans>
          </label>
          <input
            id={fromId}
            type="datetime-local"
            value={toLocalInput(filter.since)}
            onChange={(e) => set({ since: fromLocalInput(e.target.value) })}
            className="h-11 rounded-md border border-edge bg-bg px-2 text-fg wide:h-9"
          />
          <label htmlFor={toId}>
            <Trans>To</Trans>
          </label>
          <input
            id={toId}
            type="datetime-local"
            value={toLocalInput(filter.until)}
            onChange={(e) => set({ until: fromLocalInput(e.target.value) })}
            className="h-11 rounded-md border border-edge bg-bg px-2 text-fg wide:h-9"
          />
        </div>
      ) : null}
    </div>
  );
}

/** The text search: filters once typing pauses; follows the URL when it changes elsewhere. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <SearchInput
      label={t`Search events`}
      placeholder={t`Search events`}
      value={text}
      onChange={(e) => setText(e.target.value)}
      className="min-w-0 flex-1 basis-full wide:min-w-56 wide:basis-auto"
      inputClassName="border-edge pr-3 text-sm wide:h-9"
    />
  );
}
