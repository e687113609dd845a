import { z } from 'zod/mini';
import { LOG_PAGE_MAX, LOG_PAGE_SIZE, LOG_TEXT_MAX } from './constants.ts';
import { EventLevelSchema } from './events.ts';
import { actorOf, LogCategorySchema, type LogEntry } from './event-log.ts';
import { logEntrySearchText } from './event-log-text.ts';
import { snowflakeToMs } from './snowflake.ts';
import { emptyLogFilter, type LogFilter, type LogQuery } from './event-log-query.ts';

export { emptyLogFilter, logQueryParams } from './event-log-query.ts';
export type { LogFilter, LogQuery } from './event-log-query.ts';

// The event log's filter, as query parameters that both the core (search, export, live stream)
// and the dashboard (its URL, so a view can be shared) read and write with the same codec:
//   level=Warning,Error  kind=state,files  who=<uid>,@system  instance=<uuid>
//   from=<unix ms>  to=<unix ms>  q=<text>  (+ before=<snowflake> limit=<n> for a page)

/** `who` value for entries no user caused (the core, an instance, a macro). */
export const SYSTEM_ACTOR = '@system';

const csv = z.pipe(
  z.optional(z.string().check(z.maxLength(20_000))),
  z.transform((v) =>
    v === undefined || v.trim() === ''
      ? null
      : v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
  ),
);
const idList = z.pipe(
  csv,
  z.nullable(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(500))),
);
const ms = z.pipe(
  z.optional(z.string().check(z.regex(/^\d{1,15}$/, 'must be a time in unix milliseconds'))),
  z.transform((v) => (v === undefined ? null : Number(v))),
);

/** The query parameters of GET /activity/search (and export, and the live stream). */
export const LogQuerySchema = z.pipe(
  z.object({
    level: z.pipe(csv, z.nullable(z.array(EventLevelSchema))),
    kind: z.pipe(csv, z.nullable(z.array(LogCategorySchema))),
    who: idList,
    instance: idList,
    from: ms,
    to: ms,
    q: z.pipe(
      z.optional(z.string().check(z.maxLength(LOG_TEXT_MAX))),
      z.transform((v) => (v === undefined || v.trim() === '' ? null : v.trim())),
    ),
    before: z.pipe(
      z.optional(z.string().check(z.regex(/^\d{1,19}$/, 'must be a snowflake'))),
      z.transform((v) => v ?? null),
    ),
    limit: z.pipe(
      z.pipe(
        z.optional(z.string().check(z.regex(/^\d{1,4}$/, 'must be a number'))),
        z.transform((v) => (v === undefined ? LOG_PAGE_SIZE : Number(v))),
      ),
      z.number().check(z.int(), z.gte(1), z.lte(LOG_PAGE_MAX)),
    ),
  }),
  z.transform((q): LogQuery => ({
    filter: {
      levels: q.level,
      categories: q.kind,
      actors: q.who,
      instances: q.instance,
      since: q.from,
      until: q.to,
      text: q.q,
    },
    before: q.before,
    limit: q.limit,
  })),
);

/** Reads a filter back from query parameters; anything invalid is left out rather than refused. */
export function logFilterFromParams(params: URLSearchParams): LogFilter {
  const raw: Record<string, string> = {};
  for (const key of ['level', 'kind', 'who', 'instance', 'from', 'to', 'q'])
    if (params.has(key)) raw[key] = params.get(key) ?? '';
  const parsed = LogQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data.filter;
  const filter = emptyLogFilter();
  for (const key of Object.keys(raw)) {
    const one = LogQuerySchema.safeParse({ [key]: raw[key] });
    if (!one.success) continue;
    const f = one.data.filter;
    filter.levels ??= f.levels;
    filter.categories ??= f.categories;
    filter.actors ??= f.actors;
    filter.instances ??= f.instances;
    filter.since ??= f.since;
    filter.until ??= f.until;
    filter.text ??= f.text;
  }
  return filter;
}

/**
 * Whether an entry passes the filter — the same rule the core's SQL applies to stored entries,
 * used for entries that arrive live.
 */
export function logEntryMatches(entry: LogEntry, filter: LogFilter): boolean {
  if (filter.levels && !filter.levels.includes(entry.level)) return false;
  if (filter.categories && !filter.categories.includes(entry.category)) return false;
  if (
    filter.instances &&
    (entry.instance_uuid === null || !filter.instances.includes(entry.instance_uuid))
  )
    return false;
  if (filter.actors && !filter.actors.includes(actorOf(entry.caused_by) ?? SYSTEM_ACTOR))
    return false;
  if (filter.since !== null || filter.until !== null) {
    const at = snowflakeToMs(entry.snowflake);
    if (filter.since !== null && at < filter.since) return false;
    if (filter.until !== null && at > filter.until) return false;
  }
  if (filter.text !== null && !logEntrySearchText(entry).includes(filter.text.toLowerCase()))
    return false;
  return true;
}
