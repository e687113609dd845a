/**
 * The routes the SDK calls, keyed by their names in the protocol's route table
 * (`packages/protocol/src/routes.ts`) with the same method and path pattern; `sdk-routes.test.ts`
 * checks each against the table, and that no SDK module writes a method or a path of its own. The
 * SDK runs in Deno inside the task's sandbox and imports nothing from the core at run time, hence
 * this copy of the part it uses.
 */
export const SDK_ROUTES = {
  instanceInfo: { method: 'GET', path: '/instance/:uuid/info' },
  instanceState: { method: 'GET', path: '/instance/:uuid/state' },
  players: { method: 'GET', path: '/instance/:uuid/players' },
  instanceStart: { method: 'PUT', path: '/instance/:uuid/start' },
  instanceStop: { method: 'PUT', path: '/instance/:uuid/stop' },
  instanceRestart: { method: 'PUT', path: '/instance/:uuid/restart' },
  instanceKill: { method: 'PUT', path: '/instance/:uuid/kill' },
  instanceConsole: { method: 'POST', path: '/instance/:uuid/console' },
  instanceName: { method: 'PUT', path: '/instance/:uuid/name' },
  instanceDescription: { method: 'PUT', path: '/instance/:uuid/description' },
  instanceAutoStart: { method: 'PUT', path: '/instance/:uuid/auto_start' },
  consoleBuffer: { method: 'GET', path: '/instance/:uuid/console/buffer' },
  consoleStream: { method: 'GET', path: '/instance/:uuid/console/stream' },
  eventsStream: { method: 'GET', path: '/events/:any/stream' },
  macroSdkConsoleOut: { method: 'POST', path: '/macro_sdk/console_out' },
  macroSdkProgressionStart: { method: 'POST', path: '/macro_sdk/progression/start' },
  macroSdkProgressionUpdate: { method: 'POST', path: '/macro_sdk/progression/update' },
  macroSdkProgressionEnd: { method: 'POST', path: '/macro_sdk/progression/end' },
  macroSdkDetach: { method: 'POST', path: '/macro_sdk/detach' },
} as const;

export type SdkRouteName = keyof typeof SDK_ROUTES;

/** A route's path with its `:name` parameters filled (percent-encoded) and an optional query. */
export function sdkPath(
  name: SdkRouteName,
  params: Readonly<Record<string, string | number>> = {},
  query?: Readonly<Record<string, string>>,
): string {
  const path = SDK_ROUTES[name].path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const value = params[part.slice(1)];
      if (value === undefined) throw new Error(`${name}: no value for ${part}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
  if (!query) return path;
  const search = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${path}?${search}`;
}
