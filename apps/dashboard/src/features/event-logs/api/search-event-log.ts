import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LOG_PAGE_SIZE, LogPageSchema, logQueryParams } from '@hearth/protocol';
import type { LogFilter, LogPage } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

/** GET /activity/search: one page of the event log, newest first, older than `before`. */
export function searchEventLog(
  core: CoreConnection,
  filter: LogFilter,
  before: string | null,
  signal?: AbortSignal,
): Promise<LogPage> {
  return apiCall(
    'activitySearch',
    {},
    {
      query: logQueryParams(filter, { before, limit: LOG_PAGE_SIZE }).toString(),
      core,
      schema: LogPageSchema,
      signal,
    },
  );
}

/** Pages by snowflake cursor; the live socket prepends to the first page (use-live-event-log.ts). */
export function getEventLogQueryOptions(core: CoreConnection, filter: LogFilter) {
  return infiniteQueryOptions({
    queryKey: ['event-log', coreKey(core), filter] as const,
    queryFn: ({ pageParam, signal }) => searchEventLog(core, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LogPage) => last.next_cursor,
    staleTime: Infinity,
  });
}

export function useEventLog(core: CoreConnection, filter: LogFilter) {
  return useInfiniteQuery(getEventLogQueryOptions(core, filter));
}
