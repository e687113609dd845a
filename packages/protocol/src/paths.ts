import type { AddonKind } from './addons.ts';
import { encodePathSegment } from './base64url.ts';
import type { EventQueryInput } from './events.ts';
import { logQueryParams, type LogFilter } from './event-log-query.ts';
import { EVENT_STREAM_HEARTH_PARAM, EVENT_STREAM_HEARTH_VALUE } from './hearth-events.ts';
import type { HandlerGameType } from './instances.ts';

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

// Route builders for every route of core-api.md §1.4, relative to the API base (`/api/v1`).
const seg = encodeURIComponent;
const fs = (uuid: string, path: string, op: string) =>
  `/instance/${seg(uuid)}/fs/${encodePathSegment(path)}/${op}`;
const globalFs = (path: string, op: string) => `/fs/${encodePathSegment(path)}/${op}`;

export const apiPaths = {
  // §1.4.1
  info: () => '/info',
  systemRam: () => '/system/ram',
  systemDisk: () => '/system/disk',
  systemCpu: () => '/system/cpu',
  checkPort: (port: number) => `/check/port/${port}`,
  checkName: (name: string) => `/check/name/${seg(name)}`,
  systemWarnings: () => '/system/warnings',
  // §1.4.2
  setup: (key: string) => `/setup/${seg(key)}`,
  // §1.4.3
  userLogin: () => '/user/login',
  userInfo: () => '/user/info',
  userList: () => '/user/list',
  userCreate: () => '/user',
  user: (uid: string) => `/user/${seg(uid)}`,
  userDelete: (uid: string) => `/user/${seg(uid)}`,
  userUpdatePerm: (uid: string) => `/user/${seg(uid)}/update_perm`,
  userRename: (uid: string) => `/user/${seg(uid)}/rename`,
  userPassword: (uid: string) => `/user/${seg(uid)}/password`,
  userLogout: (uid: string) => `/user/logout/${seg(uid)}`,
  // Hearth: two-factor sign-in, API keys and sessions (issue 28)
  userLoginTwoFactor: () => '/user/login/2fa',
  twoFactorStatus: (uid: string) => `/user/${seg(uid)}/two_factor`,
  twoFactorSetup: (uid: string) => `/user/${seg(uid)}/two_factor/setup`,
  twoFactorConfirm: (uid: string) => `/user/${seg(uid)}/two_factor/confirm`,
  twoFactorDisable: (uid: string) => `/user/${seg(uid)}/two_factor/disable`,
  twoFactorRecoveryCodes: (uid: string) => `/user/${seg(uid)}/two_factor/recovery_codes`,
  apiKeyList: (uid: string) => `/user/${seg(uid)}/api_keys`,
  apiKeyCreate: (uid: string) => `/user/${seg(uid)}/api_keys`,
  apiKeyRevoke: (uid: string, id: string) => `/user/${seg(uid)}/api_keys/${seg(id)}`,
  sessionList: (uid: string) => `/user/${seg(uid)}/sessions`,
  sessionRevoke: (uid: string, id: string) => `/user/${seg(uid)}/sessions/${seg(id)}`,
  sessionRevokeOthers: (uid: string) => `/user/${seg(uid)}/sessions/revoke_others`,
  accessOverview: () => '/access/users',
  // §1.4.4
  globalSettings: () => '/global_settings',
  globalSettingsName: () => '/global_settings/name',
  globalSettingsSafeMode: () => '/global_settings/safe_mode',
  globalSettingsDomain: () => '/global_settings/domain',
  globalSettingsPlayitEnabled: () => '/global_settings/playit_enabled',
  globalSettingsModrinthEnabled: () => '/global_settings/modrinth_enabled',
  globalSettingsRequireTwoFactor: () => '/global_settings/require_two_factor',
  // §1.4.5
  openPort: (port: number) => `/gateway/open_port/${port}`,
  // §1.4.6
  games: () => '/games',
  // Hearth: what /games leaves out and why (e.g. Spigot has no download API).
  gamesUnavailable: () => '/games/unavailable',
  // Hearth: the generic definitions that ship with the core (a Lodestone core answers 404).
  gamesDefinitions: () => '/games/definitions',
  setupManifest: (game: HandlerGameType) => `/setup_manifest/${game}`,
  genericSetupManifest: () => '/generic_setup_manifest',
  // §1.4.7
  instanceList: () => '/instance/list',
  instanceInfo: (uuid: string) => `/instance/${seg(uuid)}/info`,
  instanceCreate: (game: HandlerGameType) => `/instance/create/${game}`,
  instanceCreateGeneric: () => '/instance/create_generic',
  instance: (uuid: string) => `/instance/${seg(uuid)}`,
  instanceState: (uuid: string) => `/instance/${seg(uuid)}/state`,
  // §1.4.8
  instanceStart: (uuid: string) => `/instance/${seg(uuid)}/start`,
  instanceStop: (uuid: string) => `/instance/${seg(uuid)}/stop`,
  instanceRestart: (uuid: string) => `/instance/${seg(uuid)}/restart`,
  instanceKill: (uuid: string) => `/instance/${seg(uuid)}/kill`,
  instanceConsole: (uuid: string) => `/instance/${seg(uuid)}/console`,
  // §1.4.9
  instanceSettings: (uuid: string) => `/instance/${seg(uuid)}/settings`,
  instanceConfigurableManifest: (uuid: string) => `/instance/${seg(uuid)}/configurable_manifest`,
  instanceSetting: (uuid: string, section: string, setting: string) =>
    `/instance/${seg(uuid)}/settings/${seg(section)}/${seg(setting)}`,
  instanceName: (uuid: string) => `/instance/${seg(uuid)}/name`,
  instanceDescription: (uuid: string) => `/instance/${seg(uuid)}/description`,
  instanceVersion: (uuid: string, version: string) =>
    `/instance/${seg(uuid)}/version/${seg(version)}`,
  // Hearth: auto_start / restart_on_crash after creation (reference issues #362, #307).
  instanceAutoStart: (uuid: string) => `/instance/${seg(uuid)}/auto_start`,
  instanceRestartOnCrash: (uuid: string) => `/instance/${seg(uuid)}/restart_on_crash`,
  instanceDisk: (uuid: string) => `/instance/${seg(uuid)}/disk`,
  // §1.4.10
  playersCount: (uuid: string) => `/instance/${seg(uuid)}/players/count`,
  playersMax: (uuid: string) => `/instance/${seg(uuid)}/players/max`,
  playersSetMax: (uuid: string) => `/instance/${seg(uuid)}/players/max`,
  players: (uuid: string) => `/instance/${seg(uuid)}/players`,
  /** Hearth: a player's avatar through the core; `name` gives the placeholder its initial. */
  playerAvatar: (uuid: string, name?: string) =>
    `/players/avatar/${seg(uuid)}${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`,
  // Hearth: kick, ban, op and whitelist
  playerLists: (uuid: string) => `/instance/${seg(uuid)}/players/lists`,
  playerAction: (uuid: string) => `/instance/${seg(uuid)}/players/action`,
  // §1.4.11
  consoleBuffer: (uuid: string) => `/instance/${seg(uuid)}/console/buffer`,
  // Hearth: `format` asks for batched messages (console-frames.ts); a core that does not know it
  // (Lodestone) ignores it and sends one event per message.
  consoleStream: (uuid: string, token: string, format: ConsoleStreamFormat = 'events') => {
    const batch = CONSOLE_STREAM_FORMAT_PARAM[format];
    return `/instance/${seg(uuid)}/console/stream?token=${encodeURIComponent(`Bearer ${token}`)}${batch === null ? '' : `&batch=${batch}`}`;
  },
  // §1.4.12
  eventsBuffer: (query: EventQueryInput) =>
    `/events/all/buffer?filter=${encodeURIComponent(JSON.stringify(query))}`,
  /** `hearth`: Hearth's own frames too (hearth-events.ts); Lodestone cores ignore the parameter. */
  eventsStream: (query: EventQueryInput, options: { hearth?: boolean } = {}) =>
    `/events/all/stream?filter=${encodeURIComponent(JSON.stringify(query))}${options.hearth ? `&${EVENT_STREAM_HEARTH_PARAM}=${EVENT_STREAM_HEARTH_VALUE}` : ''}`,
  eventsSearch: (query: EventQueryInput) =>
    `/events/search?filter=${encodeURIComponent(JSON.stringify(query))}`,
  // §1.4.13 (Hearth requires a token: query `token=Bearer <jwt>` like the console)
  monitor: (uuid: string, token: string) =>
    `/monitor/${seg(uuid)}?token=${encodeURIComponent(`Bearer ${token}`)}`,
  // §1.4.14
  fsLs: (uuid: string, path: string) => fs(uuid, path, 'ls'),
  fsRead: (uuid: string, path: string) => fs(uuid, path, 'read'),
  fsWrite: (uuid: string, path: string) => fs(uuid, path, 'write'),
  fsNew: (uuid: string, path: string) => fs(uuid, path, 'new'),
  fsMkdir: (uuid: string, path: string) => fs(uuid, path, 'mkdir'),
  fsRm: (uuid: string, path: string) => fs(uuid, path, 'rm'),
  fsRmdir: (uuid: string, path: string) => fs(uuid, path, 'rmdir'),
  fsMove: (uuid: string, source: string, dest: string) =>
    `/instance/${seg(uuid)}/fs/${encodePathSegment(source)}/move/${encodePathSegment(dest)}`,
  fsCpr: (uuid: string) => `/instance/${seg(uuid)}/fs/cpr`,
  fsUrl: (uuid: string, path: string) => fs(uuid, path, 'url'),
  fsUpload: (uuid: string, path: string) => fs(uuid, path, 'upload'),
  fsUnzip: (uuid: string, path: string) => fs(uuid, path, 'unzip'),
  fsZip: (uuid: string) => `/instance/${seg(uuid)}/fs/zip`,
  // §1.4.15
  globalFsLs: (path: string) => globalFs(path, 'ls'),
  globalFsRead: (path: string) => globalFs(path, 'read'),
  globalFsWrite: (path: string) => globalFs(path, 'write'),
  globalFsMkdir: (path: string) => globalFs(path, 'mkdir'),
  globalFsMove: (source: string, dest: string) =>
    `/fs/${encodePathSegment(source)}/move/${encodePathSegment(dest)}`,
  globalFsRm: (path: string) => globalFs(path, 'rm'),
  globalFsRmdir: (path: string) => globalFs(path, 'rmdir'),
  globalFsNew: (path: string) => globalFs(path, 'new'),
  globalFsDownload: (path: string) => globalFs(path, 'download'),
  globalFsUpload: (path: string) => globalFs(path, 'upload'),
  // §1.4.16
  download: (key: string) => `/file/${seg(key)}`,
  // §1.4.17
  macroList: (uuid: string) => `/instance/${seg(uuid)}/macro/list`,
  taskList: (uuid: string) => `/instance/${seg(uuid)}/task/list`,
  historyList: (uuid: string) => `/instance/${seg(uuid)}/history/list`,
  macroRun: (uuid: string, name: string) => `/instance/${seg(uuid)}/macro/run/${seg(name)}`,
  macroKill: (uuid: string, pid: number) => `/instance/${seg(uuid)}/macro/kill/${pid}`,
  macroConfigGet: (uuid: string, name: string) =>
    `/instance/${seg(uuid)}/macro/config/get/${seg(name)}`,
  macroConfigStore: (uuid: string, name: string) =>
    `/instance/${seg(uuid)}/macro/config/store/${seg(name)}`,
  // Hearth: a task's own output (issue 23)
  macroOutput: (uuid: string, pid: number) => `/instance/${seg(uuid)}/macro/output/${pid}`,
  macroOutputStream: (uuid: string, pid: number, token: string) =>
    `/instance/${seg(uuid)}/macro/output/${pid}/stream?token=${encodeURIComponent(`Bearer ${token}`)}`,
  // Hearth: a macro task's SDK (issue 11)
  macroSdkConsoleOut: () => '/macro_sdk/console_out',
  macroSdkProgressionStart: () => '/macro_sdk/progression/start',
  macroSdkProgressionUpdate: () => '/macro_sdk/progression/update',
  macroSdkProgressionEnd: () => '/macro_sdk/progression/end',
  macroSdkDetach: () => '/macro_sdk/detach',
  // §1.4.18
  playitSignupLink: () => '/playitgg/generate_signup_link',
  playitStart: () => '/playitgg/start_cli',
  playitStop: () => '/playitgg/stop_cli',
  playitVerify: () => '/playitgg/verify_key',
  playitIsRunning: () => '/playitgg/cli_is_running',
  playitTunnels: () => '/playitgg/get_tunnels',
  // Hearth: backups
  backupList: (uuid: string) => `/instance/${seg(uuid)}/backups`,
  backupCreate: (uuid: string) => `/instance/${seg(uuid)}/backups`,
  backup: (uuid: string, id: string) => `/instance/${seg(uuid)}/backups/${seg(id)}`,
  backupUpdate: (uuid: string, id: string) => `/instance/${seg(uuid)}/backups/${seg(id)}`,
  backupDelete: (uuid: string, id: string) => `/instance/${seg(uuid)}/backups/${seg(id)}`,
  backupRestore: (uuid: string, id: string) => `/instance/${seg(uuid)}/backups/${seg(id)}/restore`,
  backupUrl: (uuid: string, id: string) => `/instance/${seg(uuid)}/backups/${seg(id)}/url`,
  backupSettings: (uuid: string) => `/instance/${seg(uuid)}/backup_settings`,
  backupSettingsUpdate: (uuid: string) => `/instance/${seg(uuid)}/backup_settings`,
  // Hearth: schedules
  scheduleList: (uuid: string) => `/instance/${seg(uuid)}/schedules`,
  scheduleCreate: (uuid: string) => `/instance/${seg(uuid)}/schedules`,
  scheduleUpdate: (uuid: string, id: string) => `/instance/${seg(uuid)}/schedules/${seg(id)}`,
  scheduleEnabled: (uuid: string, id: string) =>
    `/instance/${seg(uuid)}/schedules/${seg(id)}/enabled`,
  scheduleDelete: (uuid: string, id: string) => `/instance/${seg(uuid)}/schedules/${seg(id)}`,
  scheduleRun: (uuid: string, id: string) => `/instance/${seg(uuid)}/schedules/${seg(id)}/run`,
  scheduleRuns: (uuid: string, id: string) => `/instance/${seg(uuid)}/schedules/${seg(id)}/runs`,
  testClockAdvance: () => '/test/clock/advance',
  // Hearth: the event log (issue 14)
  activitySearch: (filter: LogFilter, page: { before?: string | null; limit?: number } = {}) =>
    withQuery('/activity/search', logQueryParams(filter, page)),
  activityExport: (filter: LogFilter, format: 'jsonl' | 'csv') => {
    const params = logQueryParams(filter);
    params.set('format', format);
    return withQuery('/activity/export', params);
  },
  activityStream: (filter: LogFilter, token: string) => {
    const params = logQueryParams(filter);
    params.set('token', `Bearer ${token}`);
    return withQuery('/activity/stream', params);
  },
  // Hearth: webhooks (issue 14)
  webhookList: () => '/webhooks',
  webhookCreate: () => '/webhooks',
  webhookUpdate: (id: string) => `/webhooks/${seg(id)}`,
  webhookDelete: (id: string) => `/webhooks/${seg(id)}`,
  webhookTest: (id: string) => `/webhooks/${seg(id)}/test`,
  webhookDeliveries: (id: string) => `/webhooks/${seg(id)}/deliveries`,
  webhookPrivateTargets: () => '/webhooks/settings/private_targets',
  // Hearth: importing an existing server (issue 27)
  importUpload: () => '/import/upload',
  importFolder: () => '/import/folder',
  importCreate: (id: string) => `/import/${seg(id)}/create`,
  importDiscard: (id: string) => `/import/${seg(id)}`,
  // Hearth: moving an instance to another core (issue 26)
  instanceTransfer: (uuid: string) => `/instance/${seg(uuid)}/transfer`,
  instanceTransferIn: () => '/instance/transfer-in',
  transferPull: () => '/transfer/pull',
  // Hearth: add-ons from Modrinth (issue 27)
  addonTarget: (uuid: string) => `/instance/${seg(uuid)}/addons/target`,
  addonSearch: (uuid: string, query: { text: string; kind: AddonKind; offset?: number }) => {
    const params = new URLSearchParams({ query: query.text, kind: query.kind });
    if (query.offset) params.set('offset', String(query.offset));
    return withQuery(`/instance/${seg(uuid)}/addons/search`, params);
  },
  addonProject: (uuid: string, project: string, kind: AddonKind) =>
    `/instance/${seg(uuid)}/addons/project/${seg(project)}?kind=${kind}`,
  addonList: (uuid: string) => `/instance/${seg(uuid)}/addons`,
  addonInstall: (uuid: string) => `/instance/${seg(uuid)}/addons`,
  addonUpdates: (uuid: string) => `/instance/${seg(uuid)}/addons/updates`,
  addonUpdate: (uuid: string, addon: string) => `/instance/${seg(uuid)}/addons/${seg(addon)}`,
  addonRemove: (uuid: string, addon: string) => `/instance/${seg(uuid)}/addons/${seg(addon)}`,
  // Hearth: SFTP (issue 28)
  sftpInfo: () => '/sftp',
  sftpSettings: () => '/sftp/settings',
  sshKeyList: () => '/ssh_keys',
  sshKeyAdd: () => '/ssh_keys',
  sshKeyDelete: (id: string) => `/ssh_keys/${seg(id)}`,
} as const;

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** `{protocol}://{address}:{port}/api/{apiVersion}` with IPv6 in brackets. */
export function coreBaseUrl(core: {
  protocol: string;
  address: string;
  port: number;
  apiVersion: string;
}): string {
  return `${core.protocol}://${formatHost(core.address)}:${core.port}/api/${core.apiVersion}`;
}

/** The WebSocket twin of coreBaseUrl. */
export function coreSocketUrl(core: {
  protocol: string;
  address: string;
  port: number;
  apiVersion: string;
}): string {
  const scheme = core.protocol === 'https' ? 'wss' : 'ws';
  return `${scheme}://${formatHost(core.address)}:${core.port}/api/${core.apiVersion}`;
}

/** A bare IPv6 address gets square brackets (dashboard.md §5). */
export function formatHost(address: string): string {
  const trimmed = address.trim();
  if (trimmed.includes(':') && !trimmed.startsWith('[')) return `[${trimmed}]`;
  return trimmed;
}
