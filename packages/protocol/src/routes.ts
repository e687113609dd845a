import { encodePathSegment } from './base64url.ts';

// Every route of core-api.md §1.4 as a declaration: method and path pattern (`:name` parameters).
// This table is the only place a method and a path are written: the core registers its handlers
// from it, `routePath` (and `apiPaths`, paths.ts) fill its patterns, the dashboard calls routes by
// name, the macro SDK's copy is checked against it and the dashboard's fake network refuses what it
// does not declare.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDeclaration<P extends string = string> {
  readonly method: HttpMethod;
  readonly path: P;
  /** A WebSocket upgrade (always GET). */
  readonly socket: boolean;
}

/** The `:name` parameters of a path pattern, as a union of their names. */
export type RouteParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** One value per `:name` parameter of a path pattern, in the order they appear. */
export type RouteParamArgs<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string | number, ...RouteParamArgs<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string | number]
    : [];

/** The values that fill a pattern's parameters, by name. */
export type RouteParams<P extends string> = { readonly [K in RouteParamNames<P>]: string | number };

export const httpRoute = <P extends string>(method: HttpMethod, path: P): RouteDeclaration<P> => ({
  method,
  path,
  socket: false,
});
export const socketRoute = <P extends string>(path: P): RouteDeclaration<P> => ({
  method: 'GET',
  path,
  socket: true,
});
const http = httpRoute;
const socket = socketRoute;

const FS = '/instance/:uuid/fs/:path';
const GLOBAL_FS = '/fs/:path';

export const apiRoutes = {
  // §1.4.1
  info: http('GET', '/info'),
  systemRam: http('GET', '/system/ram'),
  systemDisk: http('GET', '/system/disk'),
  systemCpu: http('GET', '/system/cpu'),
  checkPort: http('GET', '/check/port/:port'),
  checkName: http('GET', '/check/name/:name'),
  // Hearth: what the owner must know about this core (e.g. game servers run unsandboxed).
  systemWarnings: http('GET', '/system/warnings'),
  // §1.4.2
  setup: http('POST', '/setup/:key'),
  // §1.4.3
  userLogin: http('POST', '/user/login'),
  userInfo: http('GET', '/user/info'),
  userList: http('GET', '/user/list'),
  userCreate: http('POST', '/user'),
  user: http('GET', '/user/:uid'),
  userDelete: http('DELETE', '/user/:uid'),
  userUpdatePerm: http('PUT', '/user/:uid/update_perm'),
  userRename: http('PUT', '/user/:uid/rename'),
  userPassword: http('PUT', '/user/:uid/password'),
  userLogout: http('POST', '/user/logout/:uid'),
  // Hearth: two-factor sign-in, API keys and sessions (issue 28; access.ts)
  userLoginTwoFactor: http('POST', '/user/login/2fa'),
  twoFactorStatus: http('GET', '/user/:uid/two_factor'),
  twoFactorSetup: http('POST', '/user/:uid/two_factor/setup'),
  twoFactorConfirm: http('POST', '/user/:uid/two_factor/confirm'),
  twoFactorDisable: http('POST', '/user/:uid/two_factor/disable'),
  twoFactorRecoveryCodes: http('POST', '/user/:uid/two_factor/recovery_codes'),
  apiKeyList: http('GET', '/user/:uid/api_keys'),
  apiKeyCreate: http('POST', '/user/:uid/api_keys'),
  apiKeyRevoke: http('DELETE', '/user/:uid/api_keys/:key'),
  sessionList: http('GET', '/user/:uid/sessions'),
  sessionRevoke: http('DELETE', '/user/:uid/sessions/:session'),
  sessionRevokeOthers: http('POST', '/user/:uid/sessions/revoke_others'),
  accessOverview: http('GET', '/access/users'),
  // §1.4.4
  globalSettings: http('GET', '/global_settings'),
  globalSettingsName: http('PUT', '/global_settings/name'),
  globalSettingsSafeMode: http('PUT', '/global_settings/safe_mode'),
  globalSettingsDomain: http('PUT', '/global_settings/domain'),
  globalSettingsPlayitEnabled: http('PUT', '/global_settings/playit_enabled'),
  // Hearth: the Modrinth browser on or off (issue 27, owner only)
  globalSettingsModrinthEnabled: http('PUT', '/global_settings/modrinth_enabled'),
  // Hearth: the owner requires two-factor sign-in of everyone (issue 28)
  globalSettingsRequireTwoFactor: http('PUT', '/global_settings/require_two_factor'),
  // §1.4.5
  openPort: http('PUT', '/gateway/open_port/:port'),
  // §1.4.6
  games: http('GET', '/games'),
  gamesUnavailable: http('GET', '/games/unavailable'),
  gamesDefinitions: http('GET', '/games/definitions'),
  setupManifest: http('GET', '/setup_manifest/:game'),
  genericSetupManifest: http('PUT', '/generic_setup_manifest'),
  // §1.4.7
  instanceList: http('GET', '/instance/list'),
  instanceInfo: http('GET', '/instance/:uuid/info'),
  instanceCreate: http('POST', '/instance/create/:game'),
  instanceCreateGeneric: http('POST', '/instance/create_generic'),
  instance: http('DELETE', '/instance/:uuid'),
  instanceState: http('GET', '/instance/:uuid/state'),
  // §1.4.8
  instanceStart: http('PUT', '/instance/:uuid/start'),
  instanceStop: http('PUT', '/instance/:uuid/stop'),
  instanceRestart: http('PUT', '/instance/:uuid/restart'),
  instanceKill: http('PUT', '/instance/:uuid/kill'),
  instanceConsole: http('POST', '/instance/:uuid/console'),
  // §1.4.9
  instanceSettings: http('GET', '/instance/:uuid/settings'),
  instanceConfigurableManifest: http('GET', '/instance/:uuid/configurable_manifest'),
  instanceSetting: http('PUT', '/instance/:uuid/settings/:section/:setting'),
  instanceName: http('PUT', '/instance/:uuid/name'),
  instanceDescription: http('PUT', '/instance/:uuid/description'),
  instanceVersion: http('PUT', '/instance/:uuid/version/:version'),
  instanceAutoStart: http('PUT', '/instance/:uuid/auto_start'),
  instanceRestartOnCrash: http('PUT', '/instance/:uuid/restart_on_crash'),
  // Hearth: the disk an instance takes (its folder; backups are listed with them).
  instanceDisk: http('GET', '/instance/:uuid/disk'),
  // §1.4.10
  playersCount: http('GET', '/instance/:uuid/players/count'),
  playersMax: http('GET', '/instance/:uuid/players/max'),
  playersSetMax: http('PUT', '/instance/:uuid/players/max'),
  players: http('GET', '/instance/:uuid/players'),
  // Hearth: a player's avatar, fetched once by the core and kept (issue 23; `?name=` for the initial)
  playerAvatar: http('GET', '/players/avatar/:uuid'),
  // Hearth: kick, ban, op and whitelist (issue 27; players.ts)
  playerLists: http('GET', '/instance/:uuid/players/lists'),
  playerAction: http('POST', '/instance/:uuid/players/action'),
  // §1.4.11
  consoleBuffer: http('GET', '/instance/:uuid/console/buffer'),
  consoleStream: socket('/instance/:uuid/console/stream'),
  // §1.4.12 (`:any` is `all` on the wire; the reference accepts any word there)
  eventsBuffer: http('GET', '/events/:any/buffer'),
  eventsStream: socket('/events/:any/stream'),
  eventsSearch: http('GET', '/events/search'),
  // §1.4.13
  monitor: socket('/monitor/:uuid'),
  // §1.4.14
  fsLs: http('GET', `${FS}/ls`),
  fsRead: http('GET', `${FS}/read`),
  fsWrite: http('PUT', `${FS}/write`),
  fsNew: http('PUT', `${FS}/new`),
  fsMkdir: http('PUT', `${FS}/mkdir`),
  fsRm: http('DELETE', `${FS}/rm`),
  fsRmdir: http('DELETE', `${FS}/rmdir`),
  fsMove: http('PUT', '/instance/:uuid/fs/:source/move/:dest'),
  fsCpr: http('PUT', '/instance/:uuid/fs/cpr'),
  fsUrl: http('GET', `${FS}/url`),
  fsUpload: http('PUT', `${FS}/upload`),
  fsUnzip: http('PUT', `${FS}/unzip`),
  fsZip: http('PUT', '/instance/:uuid/fs/zip'),
  // §1.4.15
  globalFsLs: http('GET', `${GLOBAL_FS}/ls`),
  globalFsRead: http('GET', `${GLOBAL_FS}/read`),
  globalFsWrite: http('PUT', `${GLOBAL_FS}/write`),
  globalFsMkdir: http('PUT', `${GLOBAL_FS}/mkdir`),
  globalFsMove: http('PUT', '/fs/:source/move/:dest'),
  globalFsRm: http('DELETE', `${GLOBAL_FS}/rm`),
  globalFsRmdir: http('DELETE', `${GLOBAL_FS}/rmdir`),
  globalFsNew: http('PUT', `${GLOBAL_FS}/new`),
  globalFsDownload: http('GET', `${GLOBAL_FS}/download`),
  globalFsUpload: http('PUT', `${GLOBAL_FS}/upload`),
  // §1.4.16
  download: http('GET', '/file/:key'),
  // §1.4.17
  macroList: http('GET', '/instance/:uuid/macro/list'),
  taskList: http('GET', '/instance/:uuid/task/list'),
  historyList: http('GET', '/instance/:uuid/history/list'),
  macroRun: http('PUT', '/instance/:uuid/macro/run/:name'),
  macroKill: http('PUT', '/instance/:uuid/macro/kill/:pid'),
  macroConfigGet: http('GET', '/instance/:uuid/macro/config/get/:name'),
  macroConfigStore: http('POST', '/instance/:uuid/macro/config/store/:name'),
  // Hearth: a task's own output, kept and live (issue 23; macros.ts MacroOutput)
  macroOutput: http('GET', '/instance/:uuid/macro/output/:pid'),
  macroOutputStream: socket('/instance/:uuid/macro/output/:pid/stream'),
  // Hearth: what only a running macro task's token may call (its SDK; issue 11)
  macroSdkConsoleOut: http('POST', '/macro_sdk/console_out'),
  macroSdkProgressionStart: http('POST', '/macro_sdk/progression/start'),
  macroSdkProgressionUpdate: http('POST', '/macro_sdk/progression/update'),
  macroSdkProgressionEnd: http('POST', '/macro_sdk/progression/end'),
  macroSdkDetach: http('POST', '/macro_sdk/detach'),
  // §1.4.18
  playitSignupLink: http('GET', '/playitgg/generate_signup_link'),
  playitStart: http('POST', '/playitgg/start_cli'),
  playitStop: http('POST', '/playitgg/stop_cli'),
  playitVerify: http('POST', '/playitgg/verify_key'),
  playitIsRunning: http('GET', '/playitgg/cli_is_running'),
  playitTunnels: http('GET', '/playitgg/get_tunnels'),
  // Hearth: backups (issue 13; backups.ts)
  backupList: http('GET', '/instance/:uuid/backups'),
  backupCreate: http('POST', '/instance/:uuid/backups'),
  backup: http('GET', '/instance/:uuid/backups/:backup'),
  backupUpdate: http('PUT', '/instance/:uuid/backups/:backup'),
  backupDelete: http('DELETE', '/instance/:uuid/backups/:backup'),
  backupRestore: http('POST', '/instance/:uuid/backups/:backup/restore'),
  backupUrl: http('GET', '/instance/:uuid/backups/:backup/url'),
  backupSettings: http('GET', '/instance/:uuid/backup_settings'),
  backupSettingsUpdate: http('PUT', '/instance/:uuid/backup_settings'),
  // Hearth: schedules (issue 13; schedules.ts)
  scheduleList: http('GET', '/instance/:uuid/schedules'),
  scheduleCreate: http('POST', '/instance/:uuid/schedules'),
  scheduleUpdate: http('PUT', '/instance/:uuid/schedules/:schedule'),
  scheduleEnabled: http('PUT', '/instance/:uuid/schedules/:schedule/enabled'),
  scheduleDelete: http('DELETE', '/instance/:uuid/schedules/:schedule'),
  scheduleRun: http('POST', '/instance/:uuid/schedules/:schedule/run'),
  scheduleRuns: http('GET', '/instance/:uuid/schedules/:schedule/runs'),
  // Hearth: the event log (issue 14)
  activitySearch: http('GET', '/activity/search'),
  activityExport: http('GET', '/activity/export'),
  activityStream: socket('/activity/stream'),
  // Hearth: webhooks (issue 14, owner only)
  webhookList: http('GET', '/webhooks'),
  webhookCreate: http('POST', '/webhooks'),
  webhookUpdate: http('PUT', '/webhooks/:id'),
  webhookDelete: http('DELETE', '/webhooks/:id'),
  webhookTest: http('POST', '/webhooks/:id/test'),
  webhookDeliveries: http('GET', '/webhooks/:id/deliveries'),
  webhookPrivateTargets: http('PUT', '/webhooks/settings/private_targets'),
  // Hearth: importing an existing server (issue 27; imports.ts)
  importUpload: http('POST', '/import/upload'),
  importFolder: http('POST', '/import/folder'),
  importCreate: http('POST', '/import/:import/create'),
  importDiscard: http('DELETE', '/import/:import'),
  // Hearth: moving an instance to another core (issue 26; transfers.ts): the source issues a key,
  // the target is asked to pull with it, and the source answers the pull with the archive.
  instanceTransfer: http('POST', '/instance/:uuid/transfer'),
  instanceTransferIn: http('POST', '/instance/transfer-in'),
  transferPull: http('POST', '/transfer/pull'),
  // Hearth: add-ons from Modrinth (issue 27; addons.ts)
  addonTarget: http('GET', '/instance/:uuid/addons/target'),
  addonSearch: http('GET', '/instance/:uuid/addons/search'),
  addonProject: http('GET', '/instance/:uuid/addons/project/:project'),
  addonList: http('GET', '/instance/:uuid/addons'),
  addonInstall: http('POST', '/instance/:uuid/addons'),
  addonUpdates: http('GET', '/instance/:uuid/addons/updates'),
  addonUpdate: http('PUT', '/instance/:uuid/addons/:addon'),
  addonRemove: http('DELETE', '/instance/:uuid/addons/:addon'),
  // Hearth: SFTP (issue 28; sftp.ts): the server and the caller's accounts, the owner's setting,
  // and the caller's own SSH public keys.
  sftpInfo: http('GET', '/sftp'),
  sftpSettings: http('PUT', '/sftp/settings'),
  sshKeyList: http('GET', '/ssh_keys'),
  sshKeyAdd: http('POST', '/ssh_keys'),
  sshKeyDelete: http('DELETE', '/ssh_keys/:id'),
} as const satisfies Record<string, RouteDeclaration>;

export type ApiRouteName = keyof typeof apiRoutes;
export type ApiRoutePath<N extends ApiRouteName> = (typeof apiRoutes)[N]['path'];

/** File paths travel as base64url (core-api.md Appendix B); every other parameter percent-encoded. */
const FILE_PATH_PARAMS: ReadonlySet<string> = new Set(['path', 'source', 'dest']);

/** A pattern with its parameters filled (a missing one is a programming error). */
export function fillRoutePattern<P extends string>(pattern: P, params: RouteParams<P>): string {
  const values = params as Readonly<Record<string, string | number>>;
  return pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const name = part.slice(1);
      const value = values[name];
      if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
      return FILE_PATH_PARAMS.has(name)
        ? encodePathSegment(String(value))
        : encodeURIComponent(String(value));
    })
    .join('/');
}

/** The path of a declared route (relative to the API base), its parameters filled. */
export function routePath<N extends ApiRouteName>(
  name: N,
  params: RouteParams<ApiRoutePath<N>>,
): string {
  return fillRoutePattern(apiRoutes[name].path, params);
}

/** The declared route a method and a concrete path (query excluded) belong to, if any. Where two
 * patterns match (`/user/info` and `/user/:uid`), the one with more fixed segments wins, as in the
 * core's router. */
export function findRoute(method: string, path: string): ApiRouteName | null {
  const upper = method.toUpperCase();
  let best: { name: ApiRouteName; fixed: number } | null = null;
  for (const [name, route] of Object.entries(apiRoutes)) {
    if (route.method !== upper || !routePatternRegExp(route.path).test(path)) continue;
    const fixed = route.path.split('/').filter((part) => !part.startsWith(':')).length;
    if (best === null || fixed > best.fixed) best = { name: name as ApiRouteName, fixed };
  }
  return best?.name ?? null;
}

/** A pattern as a regular expression over concrete paths (query strings excluded). */
export function routePatternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}$`);
}
