import type { EventLevel } from './events.ts';
import type { LogCategory } from './event-log.ts';

// The event log's filter and how it is written as query parameters: apart from the schema that
// reads them back (event-log-filter.ts), because every path builder (paths.ts) needs this and a
// dashboard's first load should not carry the log's schemas and texts for it.

export interface LogFilter {
  levels: EventLevel[] | null;
  categories: LogCategory[] | null;
  /** User ids, or SYSTEM_ACTOR. */
  actors: string[] | null;
  instances: string[] | null;
  /** Unix ms, both inclusive. */
  since: number | null;
  until: number | null;
  /** Matched case-insensitively anywhere in the entry's words. */
  text: string | null;
}

export interface LogQuery {
  filter: LogFilter;
  /** Only entries older than this snowflake (the previous page's `next_cursor`). */
  before: string | null;
  limit: number;
}

export function emptyLogFilter(): LogFilter {
  return {
    levels: null,
    categories: null,
    actors: null,
    instances: null,
    since: null,
    until: null,
    text: null,
  };
}

/** The filter (and page) as query parameters, in a stable order, leaving out what is unset. */
export function logQueryParams(
  filter: LogFilter,
  page: { before?: string | null; limit?: number } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  const list = (key: string, values: readonly string[] | null) => {
    if (values && values.length > 0) params.set(key, values.join(','));
  };
  list('level', filter.levels);
  list('kind', filter.categories);
  list('who', filter.actors);
  list('instance', filter.instances);
  if (filter.since !== null) params.set('from', String(Math.floor(filter.since)));
  if (filter.until !== null) params.set('to', String(Math.floor(filter.until)));
  if (filter.text !== null && filter.text.trim() !== '') params.set('q', filter.text.trim());
  if (page.before) params.set('before', page.before);
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  return params;
}
