import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '@/lib/router/router.tsx';
import { SYSTEM_ACTOR, emptyLogFilter } from '@hearth/protocol';
import type { InstanceInfo, LogFilter } from '@hearth/protocol';
import type { MultiSelectOption } from '@/components/ui/multi-select.tsx';
import { useLingui } from '@lingui/react/macro';
import { toUserMessage } from '@/lib/errors.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { useEventLog } from '../api/search-event-log.ts';
import { flattenPages } from '../log-entries.ts';
import { applyRange, rangeOf, type TimeRange } from '../log-time-range.ts';
import { filterFromSearch, isFiltered, searchWithFilter } from '../log-url.ts';
import type { LogLookups } from '../log-words.ts';
import { useLiveEventLog } from '../use-live-event-log.ts';
import { ExportButtons } from './export-buttons.tsx';
import { LogList } from './log-list.tsx';
import { LogToolbar } from './log-toolbar.tsx';

export interface EventLogScreenProps {
  core: CoreConnection;
  /** The instance tab's instance; null for the owner-wide view (which filters by instance). */
  instance: InstanceInfo | null;
  /** Every instance the viewer sees: names, folders (for file paths) and the instance filter. */
  instances: readonly InstanceInfo[];
  /** Users the "who" filter offers (and names user events by). */
  people: readonly { uid: string; name: string }[];
}

/**
 * The Event Logs (issue 14): newest first, live, filtered by what the URL says (so a view can be
 * shared), exported as the core streams it. The core decides what this viewer may see.
 */
export function EventLogScreen({ core, instance, instances, people }: EventLogScreenProps) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const fixed = instance?.uuid ?? null;
  const urlFilter = useMemo(() => filterFromSearch(params, fixed), [params, fixed]);
  const range = rangeOf(params, urlFilter);
  const [anchor, setAnchor] = useState(() => Date.now());
  const filter = useMemo(() => applyRange(urlFilter, range, anchor), [urlFilter, range, anchor]);

  const log = useEventLog(core, filter);
  useLiveEventLog(core, filter);
  const entries = useMemo(() => flattenPages(log.data?.pages ?? []), [log.data]);

  const lookups = useMemo<LogLookups>(
    () => ({
      users: new Map(people.map((p) => [p.uid, p.name])),
      instances: new Map(instances.map((i) => [i.uuid, { name: i.name, path: i.path }])),
    }),
    [people, instances],
  );
  const peopleOptions = useMemo<MultiSelectOption[]>(
    () => [
      ...people.map((p) => ({ value: p.uid, label: p.name })),
      { value: SYSTEM_ACTOR, label: t`System` },
    ],
    [people, t],
  );
  const instanceOptions = useMemo<MultiSelectOption[] | null>(
    () => (fixed ? null : instances.map((i) => ({ value: i.uuid, label: i.name }))),
    [fixed, instances],
  );

  const onChange = (next: LogFilter, nextRange: TimeRange) => {
    if (nextRange !== range) setAnchor(Date.now());
    const search = searchWithFilter(params, next, fixed);
    if (nextRange === 'any') search.delete('range');
    else search.set('range', nextRange);
    setParams(search, { replace: true });
  };
  const onClear = () => onChange({ ...emptyLogFilter(), instances: null }, 'any');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = log;
  const onLoadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const filtered = isFiltered(urlFilter, fixed) || range !== 'any';
  const reason = log.isError ? toUserMessage(log.error) : '';
  const emptyText = log.isPending
    ? t`Loading events…`
    : log.isError
      ? t`Could not load the event log: ${reason}`
      : filtered
        ? t`No events match these filters`
        : t`No events yet`;

  return (
    <div className="flex min-h-full flex-col gap-4 p-4 wide:h-full wide:min-h-0 lg:p-6">
      <LogToolbar
        filter={urlFilter}
        range={range}
        instanceOptions={instanceOptions}
        peopleOptions={peopleOptions}
        filtered={filtered}
        onChange={onChange}
        onClear={onClear}
        actions={<ExportButtons core={core} filter={filter} />}
      />
      <LogList
        entries={entries}
        lookups={lookups}
        showInstance={fixed === null}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={onLoadMore}
        emptyText={emptyText}
      />
    </div>
  );
}
