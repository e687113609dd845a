import type { AddonKind } from './addons.ts';
import type { EventQueryInput } from './events.ts';
import { logQueryParams, type LogFilter } from './event-log-query.ts';
import { EVENT_STREAM_HEARTH_PARAM, EVENT_STREAM_HEARTH_VALUE } from './hearth-events.ts';
import type { HandlerGameType } from './instances.ts';
import {
  apiRoutes,
  fillRoutePattern,
  routePath,
  type ApiRouteName,
  type ApiRoutePath,
  type RouteParamArgs,
} from './routes.ts';

export type ConsoleStreamFormat = 'events' | 'batch' | 'lines';

export const CONSOLE_STREAM_FORMAT_PARAM: Record<ConsoleStreamFormat, string | null> = {
  events: null,
  batch: '1',
  lines: 'lines',
};

/** The format a `batch` query value asks for; anything unknown is the reference's. */
export function consoleStreamFormat(param: unknown): ConsoleStreamFormat {
  if (param === CONSOLE_STREAM_FORMAT_PARAM.lines) return 'lines';
  if (param === CONSOLE_STREAM_FORMAT_PARAM.batch) return 'batch';
  return 'events';
}

// Route builders for every route of core-api.md §1.4, relative to the API base (`/api/v1`): each
// fills its declaration's pattern (routes.ts) with its arguments in the pattern's order. Only the
// routes whose query carries something (a filter, a token, a page) say more here.
type PositionalBuilders = {
  readonly [N in ApiRouteName]: (...args: RouteParamArgs<ApiRoutePath<N>>) => string;
};

function positional(name: ApiRouteName) {
  const path: string = apiRoutes[name].path;
  const names = path
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));
  return (...args: (string | number)[]) =>
    fillRoutePattern(path, Object.fromEntries(names.map((param, i) => [param, args[i]!])));
}

const derived = Object.fromEntries(
  (Object.keys(apiRoutes) as ApiRouteName[]).map((name) => [name, positional(name)]),
) as unknown as PositionalBuilders;

const bearer = (token: string) => `Bearer ${token}`;

export const apiPaths = {
  ...derived,
  // Typed where a parameter has a narrower type than a string.
  checkPort: (port: number) => routePath('checkPort', { port }),
  openPort: (port: number) => routePath('openPort', { port }),
  setupManifest: (game: HandlerGameType) => routePath('setupManifest', { game }),
  instanceCreate: (game: HandlerGameType) => routePath('instanceCreate', { game }),
  macroKill: (uuid: string, pid: number) => routePath('macroKill', { uuid, pid }),
  macroOutput: (uuid: string, pid: number) => routePath('macroOutput', { uuid, pid }),
  /** Hearth: a player's avatar through the core; `name` gives the placeholder its initial. */
  playerAvatar: (uuid: string, name?: string) =>
    withQuery(routePath('playerAvatar', { uuid }), encodeQuery({ name })),
  // Hearth: `format` asks for batched messages (console-frames.ts); a core that does not know it
  // (Lodestone) ignores it and sends one event per message.
  consoleStream: (uuid: string, token: string, format: ConsoleStreamFormat = 'events') => {
    const batch = CONSOLE_STREAM_FORMAT_PARAM[format];
    return withQuery(
      routePath('consoleStream', { uuid }),
      encodeQuery({ token: bearer(token), batch: batch ?? undefined }),
    );
  },
  // §1.4.12: `:any` is `all` on the wire.
  eventsBuffer: (query: EventQueryInput) =>
    withQuery(routePath('eventsBuffer', { any: 'all' }), eventFilterQuery(query)),
  /** `hearth`: Hearth's own frames too (hearth-events.ts); Lodestone cores ignore the parameter. */
  eventsStream: (query: EventQueryInput, options: { hearth?: boolean } = {}) =>
    withQuery(
      routePath('eventsStream', { any: 'all' }),
      encodeQuery({
        filter: JSON.stringify(query),
        [EVENT_STREAM_HEARTH_PARAM]: options.hearth ? EVENT_STREAM_HEARTH_VALUE : undefined,
      }),
    ),
  eventsSearch: (query: EventQueryInput) =>
    withQuery(routePath('eventsSearch', {}), eventFilterQuery(query)),
  // §1.4.13 (Hearth requires a token: query `token=Bearer <jwt>` like the console)
  monitor: (uuid: string, token: string) =>
    withQuery(routePath('monitor', { uuid }), encodeQuery({ token: bearer(token) })),
  // Hearth: a task's own output (issue 23)
  macroOutputStream: (uuid: string, pid: number, token: string) =>
    withQuery(routePath('macroOutputStream', { uuid, pid }), encodeQuery({ token: bearer(token) })),
  // Hearth: the event log (issue 14)
  activitySearch: (filter: LogFilter, page: LogPageQuery = {}) =>
    withQuery(routePath('activitySearch', {}), logQueryParams(filter, page)),
  activityExport: (filter: LogFilter, format: LogExportFormat) =>
    withQuery(routePath('activityExport', {}), activityExportQuery(filter, format)),
  activityStream: (filter: LogFilter, token: string) => {
    const params = logQueryParams(filter);
    params.set('token', bearer(token));
    return withQuery(routePath('activityStream', {}), params);
  },
  // Hearth: add-ons from Modrinth (issue 27)
  addonSearch: (uuid: string, query: AddonSearchQuery) =>
    withQuery(routePath('addonSearch', { uuid }), addonSearchQuery(query)),
  addonProject: (uuid: string, project: string, kind: AddonKind) =>
    withQuery(routePath('addonProject', { uuid, project }), encodeQuery({ kind })),
} as const;

export type LogPageQuery = { before?: string | null; limit?: number };
export type LogExportFormat = 'jsonl' | 'csv';
export type AddonSearchQuery = { text: string; kind: AddonKind; offset?: number };

/** The query of `activityExport`: the filter and the file's format. */
export function activityExportQuery(filter: LogFilter, format: LogExportFormat): string {
  const params = logQueryParams(filter);
  params.set('format', format);
  return params.toString();
}

/** The query of `addonSearch`: the text, the kind and where the page starts. */
export function addonSearchQuery(query: AddonSearchQuery): string {
  const params = new URLSearchParams({ query: query.text, kind: query.kind });
  if (query.offset) params.set('offset', String(query.offset));
  return params.toString();
}

/** The `filter` query of the event routes: the EventQuery's JSON (core-api.md §1.4.12). */
export function eventFilterQuery(query: EventQueryInput): string {
  return encodeQuery({ filter: JSON.stringify(query) });
}

/**
 * A query string as the reference's clients write it: `encodeURIComponent` (a space is `%20`, not
 * URLSearchParams' `+`); `undefined` values are left out.
 */
export function encodeQuery(params: Readonly<Record<string, string | undefined>>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

function withQuery(path: string, params: URLSearchParams | string): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
