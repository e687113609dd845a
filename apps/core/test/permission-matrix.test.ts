// Issue 6: every API route and socket × {guest, user without permissions, user with exactly the
// route's permission on the target instance, the same on another instance, admin, owner} × safe
// mode on/off → allowed or refused. The route list comes from the core's own route table, so a new
// route without a row here fails the first test.
//
// Expectations are written from core-api.md §1.5 (plus Hearth's documented differences), not
// computed with the core's guard, so a wrong guard shows up as a failing cell.
import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyEventQuery,
  emptyPermissions,
  encodePathSegment,
  type UserPermission,
} from '@hearth/protocol';
import { startTestCore, type TestCore } from './helpers.ts';
import { EventLog, isCreationEnd, nodeGameDefinition } from './instance-helpers.ts';

type Role = 'guest' | 'none' | 'exact' | 'other' | 'admin' | 'owner';
const ROLES: Role[] = ['guest', 'none', 'exact', 'other', 'admin', 'owner'];

type InstanceKey =
  | 'can_view_instance'
  | 'can_start_instance'
  | 'can_stop_instance'
  | 'can_access_instance_console'
  | 'can_access_instance_setting'
  | 'can_read_instance_file'
  | 'can_write_instance_file'
  | 'can_access_instance_macro'
  | 'can_manage_instance_players';
type GlobalKey =
  | 'can_create_instance'
  | 'can_delete_instance'
  | 'can_manage_permission'
  | 'can_read_global_file'
  | 'can_write_global_file';

/** Who a route admits (core-api.md §1.5 with Hearth's changes noted in the README). */
type Access =
  | { kind: 'public' }
  | { kind: 'capability' }
  | { kind: 'token' }
  | { kind: 'owner' }
  | { kind: 'instance'; keys: InstanceKey[]; admin: boolean }
  | { kind: 'global'; key: GlobalKey; admin: boolean; unsafe: boolean }
  | { kind: 'generic' }
  /** The owner, and only while safe mode is off (a folder on the core's machine, issue 27). */
  | { kind: 'ownerSafeOff' }
  /** Only a running macro task's token (issue 11): every user token is refused, the owner's too. */
  | { kind: 'task' };

interface Env {
  t: TestCore;
  a: string;
  b: string;
  /** A fresh resource for destructive rows (a new user or instance). */
  freshUser(): Promise<string>;
  freshInstance(): Promise<string>;
  /** The uid of the role's own user (a guest's requests name role-none's). */
  self(role: Role): string;
}

interface Row {
  method: string;
  url: string;
  access: Access;
  websocket?: boolean;
  /** Builds the request for the target instance `a` (or a fresh resource for destructive rows). */
  request(
    env: Env,
    role: Role,
  ): Promise<{ path: string; body?: unknown; raw?: { data: string | FormData; type?: string } }>;
  /** What a guest gets instead of 401 (the event stream reads its token from the filter: 400 when missing). */
  guestStatus?: number;
}

const viewKey = (k: InstanceKey, admin = true): Access => ({ kind: 'instance', keys: [k], admin });
const REPLACE_ACCESS: Access = {
  kind: 'instance',
  keys: ['can_write_instance_file', 'can_stop_instance'],
  admin: false,
};
const backups = (env: Env, rest: string) => `/instance/${env.a}/backups${rest}`;
const schedules = (env: Env, rest: string) => `/instance/${env.a}/schedules${rest}`;
const addons = (env: Env, rest: string) => `/instance/${env.a}/addons${rest}`;
/** A valid schedule body, for the rows that create or replace one. */
const SCHEDULE = {
  description: 'matrix',
  trigger: { type: 'Interval', every_seconds: 3600 },
  steps: [{ type: 'Wait', seconds: 1 }],
  enabled: false,
  only_when_running: false,
  continue_on_failure: false,
};
const GLOBAL_READ: Access = {
  kind: 'global',
  key: 'can_read_global_file',
  admin: false,
  unsafe: true,
};
const GLOBAL_WRITE: Access = {
  kind: 'global',
  key: 'can_write_global_file',
  admin: false,
  unsafe: true,
};
const unique = () => Math.random().toString(36).slice(2);
const globalPath = (rel: string, op: string) => `/fs/${encodePathSegment(rel)}/${op}`;
const fsPath = (env: Env, rel: string, op: string) =>
  `/instance/${env.a}/fs/${encodePathSegment(rel)}/${op}`;
const simple = (
  method: string,
  url: string,
  access: Access,
  build: (env: Env) => string,
  body?: unknown,
): Row => ({
  method,
  url,
  access,
  request: async (env) => ({ path: build(env), body }),
});

/** A route on the caller's own account (`/user/<their uid><rest>`): every signed-in user. */
const ownAccount = (method: string, url: string, rest: string, body?: unknown): Row => ({
  method,
  url,
  access: { kind: 'token' },
  request: async (env, role) => ({ path: `/user/${env.self(role)}${rest}`, body }),
});

const ROWS: Row[] = [
  simple('GET', '/info', { kind: 'public' }, () => '/info'),
  simple('GET', '/system/ram', { kind: 'public' }, () => '/system/ram'),
  simple('GET', '/system/disk', { kind: 'public' }, () => '/system/disk'),
  simple('GET', '/system/cpu', { kind: 'public' }, () => '/system/cpu'),
  simple('GET', '/check/port/:port', { kind: 'public' }, () => '/check/port/25565'),
  simple('GET', '/check/name/:name', { kind: 'public' }, () => '/check/name/Alpha'),
  // Issue 23 #24: what an <img> loads (the upstream is a closed local port: the placeholder).
  simple(
    'GET',
    '/players/avatar/:uuid',
    { kind: 'public' },
    () => '/players/avatar/853c80ef3c3749fdaa49938b674adae6',
  ),
  simple('GET', '/system/warnings', { kind: 'owner' }, () => '/system/warnings'),
  // The key is spent: a public route that answers 403 "Setup key already used." — checked below.
  simple('POST', '/setup/:key', { kind: 'public' }, () => '/setup/AAAAAAAAAAAAAAAA', {
    username: 'x',
    password: 'y',
  }),
  {
    method: 'POST',
    url: '/user/login',
    access: { kind: 'public' },
    request: async () => ({ path: '/user/login', raw: { data: '{}', type: 'application/json' } }),
  },
  simple('GET', '/user/info', { kind: 'token' }, () => '/user/info'),
  simple('GET', '/user/list', { kind: 'owner' }, () => '/user/list'),
  {
    method: 'POST',
    url: '/user',
    access: { kind: 'owner' },
    request: async () => ({
      path: '/user',
      body: { username: `made-${Math.random().toString(36).slice(2)}`, password: 'pw' },
    }),
  },
  {
    method: 'GET',
    url: '/user/:uid',
    access: { kind: 'owner' },
    request: async (env) => ({ path: `/user/${await env.freshUser()}` }),
  },
  {
    method: 'DELETE',
    url: '/user/:uid',
    access: { kind: 'owner' },
    request: async (env) => ({ path: `/user/${await env.freshUser()}` }),
  },
  {
    method: 'PUT',
    url: '/user/:uid/update_perm',
    access: { kind: 'global', key: 'can_manage_permission', admin: false, unsafe: true },
    request: async (env) => ({
      path: `/user/${await env.freshUser()}/update_perm`,
      body: emptyPermissions(),
    }),
  },
  {
    method: 'PUT',
    url: '/user/:uid/rename',
    access: { kind: 'owner' },
    request: async (env) => ({
      path: `/user/${await env.freshUser()}/rename`,
      body: `renamed-${Math.random().toString(36).slice(2)}`,
    }),
  },
  {
    method: 'PUT',
    url: '/user/:uid/password',
    access: { kind: 'owner' },
    request: async (env) => {
      const uid = await env.freshUser();
      return {
        path: `/user/${uid}/password`,
        body: { uid, old_password: null, new_password: 'changed' },
      };
    },
  },
  {
    method: 'POST',
    url: '/user/logout/:uid',
    access: { kind: 'owner' },
    request: async (env) => ({ path: `/user/logout/${await env.freshUser()}` }),
  },
  simple('GET', '/global_settings', { kind: 'token' }, () => '/global_settings'),
  simple(
    'PUT',
    '/global_settings/name',
    { kind: 'owner' },
    () => '/global_settings/name',
    'Matrix Core',
  ),
  simple(
    'PUT',
    '/global_settings/domain',
    { kind: 'owner' },
    () => '/global_settings/domain',
    'matrix.example',
  ),
  {
    method: 'PUT',
    url: '/global_settings/safe_mode',
    access: { kind: 'owner' },
    // Re-asserts the current value so the matrix does not flip its own mode.
    request: async (env) => ({
      path: '/global_settings/safe_mode',
      body: env.t.core.ctx.settings.safeMode,
    }),
  },
  simple(
    'PUT',
    '/global_settings/playit_enabled',
    { kind: 'owner' },
    () => '/global_settings/playit_enabled',
    false,
  ),
  // Issue 28: the owner's switch, re-asserting off; the account routes of each user on their own
  // account (any signed-in user), the owner's overview; the code step of a sign-in is public (a
  // made-up challenge answers its own 401, checked below).
  simple(
    'PUT',
    '/global_settings/require_two_factor',
    { kind: 'owner' },
    () => '/global_settings/require_two_factor',
    false,
  ),
  simple('POST', '/user/login/2fa', { kind: 'public' }, () => '/user/login/2fa', {
    challenge: 'made-up',
    code: '000000',
  }),
  ownAccount('GET', '/user/:uid/two_factor', '/two_factor'),
  ownAccount('POST', '/user/:uid/two_factor/setup', '/two_factor/setup'),
  ownAccount('POST', '/user/:uid/two_factor/confirm', '/two_factor/confirm', { code: '000000' }),
  ownAccount('POST', '/user/:uid/two_factor/disable', '/two_factor/disable', { code: '000000' }),
  ownAccount('POST', '/user/:uid/two_factor/recovery_codes', '/two_factor/recovery_codes', {
    code: '000000',
  }),
  ownAccount('GET', '/user/:uid/api_keys', '/api_keys'),
  ownAccount('POST', '/user/:uid/api_keys', '/api_keys', {
    name: 'matrix',
    expires_at: null,
    scope: { is_owner: false, is_admin: false, permissions: emptyPermissions() },
  }),
  ownAccount('DELETE', '/user/:uid/api_keys/:key', '/api_keys/APIKEY_missing'),
  ownAccount('GET', '/user/:uid/sessions', '/sessions'),
  ownAccount('DELETE', '/user/:uid/sessions/:session', '/sessions/SESSION_missing'),
  ownAccount('POST', '/user/:uid/sessions/revoke_others', '/sessions/revoke_others'),
  simple('GET', '/access/users', { kind: 'owner' }, () => '/access/users'),
  simple(
    'GET',
    '/events/:any/buffer',
    { kind: 'token' },
    () => `/events/all/buffer?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery()))}`,
  ),
  simple(
    'GET',
    '/events/search',
    { kind: 'token' },
    () => `/events/search?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery()))}`,
  ),
  {
    method: 'GET',
    url: '/events/:any/stream',
    access: { kind: 'token' },
    websocket: true,
    guestStatus: 400,
    request: async () => ({ path: '/events/all/stream' }),
  },
  // Issue 14: the event log (every user, filtered to what they may see) and webhooks (owner).
  simple('GET', '/activity/search', { kind: 'token' }, () => '/activity/search?kind=state'),
  simple('GET', '/activity/export', { kind: 'token' }, () => '/activity/export?format=csv'),
  {
    method: 'GET',
    url: '/activity/stream',
    access: { kind: 'token' },
    websocket: true,
    request: async () => ({ path: '/activity/stream' }),
  },
  simple('GET', '/webhooks', { kind: 'owner' }, () => '/webhooks'),
  // A loopback target: the owner gets the SSRF guard's 400, never an auth refusal.
  simple('POST', '/webhooks', { kind: 'owner' }, () => '/webhooks', {
    name: 'Matrix',
    kind: 'discord',
    url: 'http://127.0.0.1:9/hook',
    events: ['state'],
  }),
  simple('PUT', '/webhooks/:id', { kind: 'owner' }, () => '/webhooks/WEBHOOK_missing', {
    name: 'Renamed',
  }),
  simple('DELETE', '/webhooks/:id', { kind: 'owner' }, () => '/webhooks/WEBHOOK_missing'),
  simple('POST', '/webhooks/:id/test', { kind: 'owner' }, () => '/webhooks/WEBHOOK_missing/test'),
  simple(
    'GET',
    '/webhooks/:id/deliveries',
    { kind: 'owner' },
    () => '/webhooks/WEBHOOK_missing/deliveries',
  ),
  simple(
    'PUT',
    '/webhooks/settings/private_targets',
    { kind: 'owner' },
    () => '/webhooks/settings/private_targets',
    false,
  ),
  // Issue 28: SFTP. Everyone reads their own accounts and manages their own keys; the owner alone
  // switches the server (re-asserting "off" here, so nothing listens).
  simple('GET', '/sftp', { kind: 'token' }, () => '/sftp'),
  simple('PUT', '/sftp/settings', { kind: 'owner' }, () => '/sftp/settings', {
    enabled: false,
    port: 2022,
  }),
  simple('GET', '/ssh_keys', { kind: 'token' }, () => '/ssh_keys'),
  simple('POST', '/ssh_keys', { kind: 'token' }, () => '/ssh_keys', {
    name: 'matrix',
    public_key:
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICXGrkUgrrvXSHJ/rzWBIltnXx4M+8c6Q2lnImsh/q5X matrix',
  }),
  simple('DELETE', '/ssh_keys/:id', { kind: 'token' }, () => '/ssh_keys/SSHKEY_missing'),
  simple('PUT', '/gateway/open_port/:port', { kind: 'owner' }, () => '/gateway/open_port/25565'),
  // Playit (the reference leaves these open; Hearth: owner only). Here the provider is a closed
  // local port, so the owner gets 400 (no key) or 502 (unreachable), never a refusal.
  simple(
    'GET',
    '/playitgg/generate_signup_link',
    { kind: 'owner' },
    () => '/playitgg/generate_signup_link',
  ),
  simple('POST', '/playitgg/start_cli', { kind: 'owner' }, () => '/playitgg/start_cli'),
  simple('POST', '/playitgg/stop_cli', { kind: 'owner' }, () => '/playitgg/stop_cli'),
  simple('POST', '/playitgg/verify_key', { kind: 'owner' }, () => '/playitgg/verify_key'),
  simple('GET', '/playitgg/cli_is_running', { kind: 'owner' }, () => '/playitgg/cli_is_running'),
  simple('GET', '/playitgg/get_tunnels', { kind: 'owner' }, () => '/playitgg/get_tunnels'),
  simple('GET', '/games', { kind: 'public' }, () => '/games'),
  simple('GET', '/games/unavailable', { kind: 'public' }, () => '/games/unavailable'),
  simple('GET', '/games/definitions', { kind: 'public' }, () => '/games/definitions'),
  simple(
    'GET',
    '/setup_manifest/:game',
    { kind: 'global', key: 'can_create_instance', admin: true, unsafe: false },
    () => '/setup_manifest/MinecraftJavaVanilla',
  ),
  {
    method: 'PUT',
    url: '/generic_setup_manifest',
    access: { kind: 'generic' },
    request: async () => ({
      path: '/generic_setup_manifest',
      body: { url: servedUrl(definitionFile) },
    }),
  },
  simple('GET', '/instance/list', { kind: 'token' }, () => '/instance/list'),
  simple(
    'POST',
    '/instance/create/:game',
    { kind: 'global', key: 'can_create_instance', admin: true, unsafe: false },
    () => '/instance/create/MinecraftJavaVanilla',
    {
      name: 'Made by matrix',
      setting_sections: {
        section_1: {
          settings: {
            version: { value: { type: 'Enum', value: '1.20.4' } },
            port: { value: { type: 'UnsignedInteger', value: 25565 } },
          },
        },
        section_2: {
          settings: {
            min_ram: { value: { type: 'UnsignedInteger', value: 256 } },
            max_ram: { value: { type: 'UnsignedInteger', value: 512 } },
          },
        },
      },
    },
  ),
  {
    method: 'POST',
    url: '/instance/create_generic',
    access: { kind: 'generic' },
    request: async () => ({
      path: '/instance/create_generic',
      body: {
        url: servedUrl(await definitionWithFreshPort()),
        setup_value: {
          name: `Generic ${Math.random().toString(36).slice(2)}`,
          setting_sections: {},
        },
      },
    }),
  },
  simple(
    'GET',
    '/instance/:uuid/info',
    viewKey('can_view_instance'),
    (e) => `/instance/${e.a}/info`,
  ),
  simple(
    'GET',
    '/instance/:uuid/state',
    viewKey('can_view_instance'),
    (e) => `/instance/${e.a}/state`,
  ),
  simple(
    'GET',
    '/instance/:uuid/disk',
    viewKey('can_view_instance'),
    (e) => `/instance/${e.a}/disk`,
  ),
  {
    method: 'DELETE',
    url: '/instance/:uuid',
    access: { kind: 'global', key: 'can_delete_instance', admin: true, unsafe: false },
    request: async (env, role) => ({
      path: `/instance/${role === 'guest' || role === 'none' || role === 'other' ? env.a : await env.freshInstance()}`,
    }),
  },
  simple(
    'PUT',
    '/instance/:uuid/start',
    viewKey('can_start_instance'),
    (e) => `/instance/${e.a}/start`,
  ),
  simple(
    'PUT',
    '/instance/:uuid/stop',
    viewKey('can_stop_instance'),
    (e) => `/instance/${e.a}/stop`,
  ),
  simple(
    'PUT',
    '/instance/:uuid/restart',
    { kind: 'instance', keys: ['can_stop_instance', 'can_start_instance'], admin: true },
    (e) => `/instance/${e.a}/restart`,
  ),
  simple(
    'PUT',
    '/instance/:uuid/kill',
    viewKey('can_stop_instance'),
    (e) => `/instance/${e.a}/kill`,
  ),
  simple(
    'POST',
    '/instance/:uuid/console',
    viewKey('can_access_instance_console'),
    (e) => `/instance/${e.a}/console`,
    'list',
  ),
  simple(
    'GET',
    '/instance/:uuid/settings',
    viewKey('can_access_instance_setting'),
    (e) => `/instance/${e.a}/settings`,
  ),
  simple(
    'GET',
    '/instance/:uuid/configurable_manifest',
    viewKey('can_access_instance_setting'),
    (e) => `/instance/${e.a}/configurable_manifest`,
  ),
  simple(
    'PUT',
    '/instance/:uuid/settings/:section/:setting',
    viewKey('can_access_instance_setting'),
    (e) => `/instance/${e.a}/settings/none/none`,
    {
      type: 'String',
      value: 'x',
    },
  ),
  simple(
    'PUT',
    '/instance/:uuid/name',
    viewKey('can_access_instance_setting'),
    (e) => `/instance/${e.a}/name`,
    'Alpha',
  ),
  simple(
    'PUT',
    '/instance/:uuid/description',
    viewKey('can_access_instance_setting'),
    (e) => `/instance/${e.a}/description`,
    'described',
  ),
  simple(
    'PUT',
    '/instance/:uuid/auto_start',
    viewKey('can_access_instance_setting'),
    (e) => `/instance/${e.a}/auto_start`,
    false,
  ),
  simple(
    'PUT',
    '/instance/:uuid/restart_on_crash',
    viewKey('can_access_instance_setting'),
    (e) => `/instance/${e.a}/restart_on_crash`,
    false,
  ),
  simple(
    'PUT',
    '/instance/:uuid/version/:version',
    viewKey('can_access_instance_setting'),
    (e) => `/instance/${e.a}/version/2`,
  ),
  simple(
    'GET',
    '/instance/:uuid/players/count',
    viewKey('can_view_instance'),
    (e) => `/instance/${e.a}/players/count`,
  ),
  simple(
    'GET',
    '/instance/:uuid/players/max',
    viewKey('can_view_instance'),
    (e) => `/instance/${e.a}/players/max`,
  ),
  simple(
    'PUT',
    '/instance/:uuid/players/max',
    viewKey('can_access_instance_setting'),
    (e) => `/instance/${e.a}/players/max`,
    30,
  ),
  simple(
    'GET',
    '/instance/:uuid/players',
    viewKey('can_view_instance'),
    (e) => `/instance/${e.a}/players`,
  ),
  // Issue 27: player actions and their lists (admins too; not unsafe: the console does as much).
  // This game declares no player actions, so the allowed roles get its clear 400.
  simple(
    'GET',
    '/instance/:uuid/players/lists',
    viewKey('can_manage_instance_players'),
    (e) => `/instance/${e.a}/players/lists`,
  ),
  simple(
    'POST',
    '/instance/:uuid/players/action',
    viewKey('can_manage_instance_players'),
    (e) => `/instance/${e.a}/players/action`,
    { action: 'whitelist_on' },
  ),
  simple(
    'GET',
    '/instance/:uuid/console/buffer',
    viewKey('can_access_instance_console'),
    (e) => `/instance/${e.a}/console/buffer`,
  ),
  {
    method: 'GET',
    url: '/instance/:uuid/console/stream',
    access: viewKey('can_access_instance_console'),
    websocket: true,
    request: async (env) => ({ path: `/instance/${env.a}/console/stream` }),
  },
  {
    method: 'GET',
    url: '/monitor/:uuid',
    access: viewKey('can_view_instance'),
    websocket: true,
    request: async (env) => ({ path: `/monitor/${env.a}` }),
  },
  simple('GET', '/instance/:uuid/fs/:path/ls', viewKey('can_read_instance_file'), (e) =>
    fsPath(e, '.', 'ls'),
  ),
  simple('GET', '/instance/:uuid/fs/:path/read', viewKey('can_read_instance_file'), (e) =>
    fsPath(e, 'matrix.txt', 'read'),
  ),
  simple('GET', '/instance/:uuid/fs/:path/url', viewKey('can_read_instance_file'), (e) =>
    fsPath(e, 'matrix.txt', 'url'),
  ),
  simple('PUT', '/instance/:uuid/fs/:path/new', viewKey('can_write_instance_file', false), (e) =>
    fsPath(e, `new-${Math.random().toString(36).slice(2)}.txt`, 'new'),
  ),
  simple('PUT', '/instance/:uuid/fs/:path/mkdir', viewKey('can_write_instance_file', false), (e) =>
    fsPath(e, `dir-${Math.random().toString(36).slice(2)}`, 'mkdir'),
  ),
  simple('DELETE', '/instance/:uuid/fs/:path/rm', viewKey('can_write_instance_file', false), (e) =>
    fsPath(e, 'missing.txt', 'rm'),
  ),
  simple(
    'DELETE',
    '/instance/:uuid/fs/:path/rmdir',
    viewKey('can_write_instance_file', false),
    (e) => fsPath(e, 'missing-dir', 'rmdir'),
  ),
  simple(
    'PUT',
    '/instance/:uuid/fs/:source/move/:dest',
    viewKey('can_write_instance_file', false),
    (e) =>
      `/instance/${e.a}/fs/${encodePathSegment('missing.txt')}/move/${encodePathSegment('moved.txt')}`,
  ),
  simple(
    'PUT',
    '/instance/:uuid/fs/cpr',
    viewKey('can_write_instance_file', false),
    (e) => `/instance/${e.a}/fs/cpr`,
    {
      relative_paths_source: ['matrix.txt'],
      relative_path_dest: '.',
    },
  ),
  simple(
    'PUT',
    '/instance/:uuid/fs/zip',
    viewKey('can_write_instance_file', false),
    (e) => `/instance/${e.a}/fs/zip`,
    {
      target_relative_paths: ['matrix.txt'],
      destination_relative_path: 'matrix.zip',
    },
  ),
  simple(
    'PUT',
    '/instance/:uuid/fs/:path/unzip',
    viewKey('can_write_instance_file', false),
    (e) => fsPath(e, 'missing.zip', 'unzip'),
    'Normal',
  ),
  {
    method: 'PUT',
    url: '/instance/:uuid/fs/:path/write',
    access: viewKey('can_write_instance_file', false),
    request: async (env) => ({
      path: fsPath(env, 'matrix.txt', 'write'),
      raw: { data: 'hello', type: 'text/plain' },
    }),
  },
  {
    method: 'PUT',
    url: '/instance/:uuid/fs/:path/upload',
    access: viewKey('can_write_instance_file', false),
    request: async (env) => {
      const form = new FormData();
      form.append('file', new Blob(['uploaded']), `up-${Math.random().toString(36).slice(2)}.txt`);
      return { path: fsPath(env, '.', 'upload'), raw: { data: form } };
    },
  },
  // §1.4.15: unsafe permissions, not implied by is_admin (owner only while safe mode is on).
  simple('GET', '/fs/:path/ls', GLOBAL_READ, () => globalPath('.', 'ls')),
  simple('GET', '/fs/:path/read', GLOBAL_READ, () => globalPath('matrix.txt', 'read')),
  simple('GET', '/fs/:path/download', GLOBAL_READ, () => globalPath('.', 'download')),
  simple('PUT', '/fs/:path/new', GLOBAL_WRITE, () => globalPath(`new-${unique()}.txt`, 'new')),
  simple('PUT', '/fs/:path/mkdir', GLOBAL_WRITE, () => globalPath(`dir-${unique()}`, 'mkdir')),
  simple('DELETE', '/fs/:path/rm', GLOBAL_WRITE, () => globalPath('missing.txt', 'rm')),
  simple('DELETE', '/fs/:path/rmdir', GLOBAL_WRITE, () => globalPath('missing-dir', 'rmdir')),
  simple(
    'PUT',
    '/fs/:source/move/:dest',
    GLOBAL_WRITE,
    () => `/fs/${encodePathSegment('missing.txt')}/move/${encodePathSegment('moved.txt')}`,
  ),
  {
    method: 'PUT',
    url: '/fs/:path/write',
    access: GLOBAL_WRITE,
    request: async () => ({
      path: globalPath('matrix.txt', 'write'),
      raw: { data: 'hello', type: 'text/plain' },
    }),
  },
  {
    method: 'PUT',
    url: '/fs/:path/upload',
    access: GLOBAL_WRITE,
    request: async () => {
      const form = new FormData();
      form.append('file', new Blob(['uploaded']), `up-${unique()}.txt`);
      return { path: globalPath('.', 'upload'), raw: { data: form } };
    },
  },
  simple(
    'GET',
    '/instance/:uuid/macro/list',
    viewKey('can_access_instance_macro', false),
    (e) => `/instance/${e.a}/macro/list`,
  ),
  simple(
    'GET',
    '/instance/:uuid/task/list',
    viewKey('can_access_instance_macro', false),
    (e) => `/instance/${e.a}/task/list`,
  ),
  simple(
    'GET',
    '/instance/:uuid/history/list',
    viewKey('can_access_instance_macro', false),
    (e) => `/instance/${e.a}/history/list`,
  ),
  simple(
    'PUT',
    '/instance/:uuid/macro/run/:name',
    viewKey('can_access_instance_macro', false),
    (e) => `/instance/${e.a}/macro/run/missing`,
    [],
  ),
  simple(
    'PUT',
    '/instance/:uuid/macro/kill/:pid',
    viewKey('can_access_instance_macro', false),
    (e) => `/instance/${e.a}/macro/kill/999999`,
  ),
  simple(
    'GET',
    '/instance/:uuid/macro/config/get/:name',
    viewKey('can_access_instance_macro', false),
    (e) => `/instance/${e.a}/macro/config/get/missing`,
  ),
  simple(
    'POST',
    '/instance/:uuid/macro/config/store/:name',
    viewKey('can_access_instance_macro', false),
    (e) => `/instance/${e.a}/macro/config/store/missing`,
    {},
  ),
  // Issue 23: a task's own output (an unknown pid: 404 for whoever may ask).
  simple(
    'GET',
    '/instance/:uuid/macro/output/:pid',
    viewKey('can_access_instance_macro', false),
    (e) => `/instance/${e.a}/macro/output/999999`,
  ),
  {
    method: 'GET',
    url: '/instance/:uuid/macro/output/:pid/stream',
    access: viewKey('can_access_instance_macro', false),
    websocket: true,
    request: async (env) => ({ path: `/instance/${env.a}/macro/output/999999/stream` }),
  },
  simple('POST', '/macro_sdk/console_out', { kind: 'task' }, () => '/macro_sdk/console_out', {
    line: 'x',
  }),
  simple(
    'POST',
    '/macro_sdk/progression/start',
    { kind: 'task' },
    () => '/macro_sdk/progression/start',
    { title: 'x', total: null },
  ),
  simple(
    'POST',
    '/macro_sdk/progression/update',
    { kind: 'task' },
    () => '/macro_sdk/progression/update',
    { event_id: '1', progress: 1, message: 'x' },
  ),
  simple(
    'POST',
    '/macro_sdk/progression/end',
    { kind: 'task' },
    () => '/macro_sdk/progression/end',
    { event_id: '1', success: true, message: null },
  ),
  simple('POST', '/macro_sdk/detach', { kind: 'task' }, () => '/macro_sdk/detach', {}),
  simple(
    'GET',
    '/file/:key',
    { kind: 'capability' },
    () => '/file/NotAKeyNotAKeyNotAKeyNotAKey1234',
  ),
  // Backups (issue 13): unknown backup ids answer 404 after the permission check.
  simple('GET', '/instance/:uuid/backups', viewKey('can_read_instance_file'), (e) =>
    backups(e, ''),
  ),
  simple(
    'POST',
    '/instance/:uuid/backups',
    viewKey('can_read_instance_file'),
    (e) => backups(e, ''),
    { name: 'matrix' },
  ),
  simple('GET', '/instance/:uuid/backups/:backup', viewKey('can_read_instance_file'), (e) =>
    backups(e, '/1'),
  ),
  simple(
    'PUT',
    '/instance/:uuid/backups/:backup',
    viewKey('can_write_instance_file', false),
    (e) => backups(e, '/1'),
    { locked: true },
  ),
  simple('DELETE', '/instance/:uuid/backups/:backup', REPLACE_ACCESS, (e) => backups(e, '/1')),
  simple(
    'POST',
    '/instance/:uuid/backups/:backup/restore',
    REPLACE_ACCESS,
    (e) => backups(e, '/1/restore'),
    {},
  ),
  simple('GET', '/instance/:uuid/backups/:backup/url', viewKey('can_read_instance_file'), (e) =>
    backups(e, '/1/url'),
  ),
  simple(
    'GET',
    '/instance/:uuid/backup_settings',
    viewKey('can_read_instance_file'),
    (e) => `/instance/${e.a}/backup_settings`,
  ),
  simple(
    'PUT',
    '/instance/:uuid/backup_settings',
    viewKey('can_write_instance_file', false),
    (e) => `/instance/${e.a}/backup_settings`,
    { retention: { keep_last: 5, max_age_days: null, max_total_gib: null } },
  ),
  // Schedules (issue 13): viewing needs ViewInstance, editing AccessSetting (steps are checked at run time).
  simple('GET', '/instance/:uuid/schedules', viewKey('can_view_instance'), (e) => schedules(e, '')),
  simple(
    'POST',
    '/instance/:uuid/schedules',
    viewKey('can_access_instance_setting'),
    (e) => schedules(e, ''),
    SCHEDULE,
  ),
  simple(
    'PUT',
    '/instance/:uuid/schedules/:schedule',
    viewKey('can_access_instance_setting'),
    (e) => schedules(e, '/1'),
    SCHEDULE,
  ),
  simple(
    'PUT',
    '/instance/:uuid/schedules/:schedule/enabled',
    viewKey('can_access_instance_setting'),
    (e) => schedules(e, '/1/enabled'),
    false,
  ),
  simple(
    'DELETE',
    '/instance/:uuid/schedules/:schedule',
    viewKey('can_access_instance_setting'),
    (e) => schedules(e, '/1'),
  ),
  simple(
    'POST',
    '/instance/:uuid/schedules/:schedule/run',
    viewKey('can_access_instance_setting'),
    (e) => schedules(e, '/1/run'),
  ),
  simple('GET', '/instance/:uuid/schedules/:schedule/runs', viewKey('can_view_instance'), (e) =>
    schedules(e, '/1/runs'),
  ),
  // Issue 27: imports are for those who may create generic games; a host folder is the owner's
  // with safe mode off; a staged import is its stager's (an unknown one is a 404 for anyone).
  {
    method: 'POST',
    url: '/import/upload',
    access: { kind: 'generic' },
    request: async () => {
      const form = new FormData();
      form.append('file', new Blob(['not an archive']), 'notes.txt');
      return { path: '/import/upload', raw: { data: form } };
    },
  },
  simple('POST', '/import/folder', { kind: 'ownerSafeOff' }, () => '/import/folder', {
    path: '/nonexistent/hearth-matrix',
  }),
  simple('POST', '/import/:import/create', { kind: 'generic' }, () => '/import/nope/create', {
    kind: 'command',
    name: 'Imported by matrix',
    port: 1,
    command: 'sh start.sh',
  }),
  simple('DELETE', '/import/:import', { kind: 'token' }, () => '/import/nope'),
  // Issue 26: moving an instance to another core — a key is an export (reading files); receiving
  // is an import (nothing answers at the source address here); the pull's key is the capability.
  simple(
    'POST',
    '/instance/:uuid/transfer',
    viewKey('can_read_instance_file'),
    (e) => `/instance/${e.a}/transfer`,
  ),
  simple('POST', '/instance/transfer-in', { kind: 'generic' }, () => '/instance/transfer-in', {
    source_url: 'http://127.0.0.1:9',
    key: 'NotAKeyNotAKeyNotAKeyNotAKey1234',
  }),
  simple('POST', '/transfer/pull', { kind: 'capability' }, () => '/transfer/pull', {
    key: 'NotAKeyNotAKeyNotAKeyNotAKey1234',
  }),
  // Issue 27: add-ons — looking is reading files, installing is writing them.
  simple('GET', '/instance/:uuid/addons/target', viewKey('can_read_instance_file'), (e) =>
    addons(e, '/target'),
  ),
  simple('GET', '/instance/:uuid/addons/search', viewKey('can_read_instance_file'), (e) =>
    addons(e, '/search?query=x&kind=mod'),
  ),
  simple('GET', '/instance/:uuid/addons/project/:project', viewKey('can_read_instance_file'), (e) =>
    addons(e, '/project/AABBCCDD?kind=mod'),
  ),
  simple('GET', '/instance/:uuid/addons', viewKey('can_read_instance_file'), (e) => addons(e, '')),
  simple('GET', '/instance/:uuid/addons/updates', viewKey('can_read_instance_file'), (e) =>
    addons(e, '/updates'),
  ),
  simple(
    'POST',
    '/instance/:uuid/addons',
    viewKey('can_write_instance_file', false),
    (e) => addons(e, ''),
    { version_id: 'AABBCCDD' },
  ),
  simple(
    'PUT',
    '/instance/:uuid/addons/:addon',
    viewKey('can_write_instance_file', false),
    (e) => addons(e, '/1'),
    {},
  ),
  simple(
    'DELETE',
    '/instance/:uuid/addons/:addon',
    viewKey('can_write_instance_file', false),
    (e) => addons(e, '/1'),
  ),
  simple(
    'PUT',
    '/global_settings/modrinth_enabled',
    { kind: 'owner' },
    () => '/global_settings/modrinth_enabled',
    true,
  ),
];

let definitionFile = '';
let scratchDir = '';
// Below Linux's ephemeral range (32768–60999), and apart from event-log-helpers.ts's 20000–25000:
// a port in that range can be the local end of another test's connection when a start checks it.
let nextPort = 25000 + Math.floor(Math.random() * 600) * 10;
/**
 * The generic routes' rows load their definition over http: a file:// URL names a file on the
 * core's machine, which only the owner may do (issue 22), while these rows test the routes' rule.
 */
let definitionServer: Server | undefined;
let servedBase = '';
const served = new Map<string, string>();
const servedUrl = (file: string) => `${servedBase}/${path.basename(file)}`;

/** Each instance needs its own port; the process never listens on it. */
async function definitionWithFreshPort(): Promise<string> {
  const file = path.join(scratchDir, `definition-${++nextPort}.mjs`);
  const source = nodeGameDefinition({
    name: 'matrix',
    displayName: 'Matrix',
    port: nextPort,
    script: 'setInterval(() => {}, 1000)',
  });
  await fs.writeFile(file, source);
  served.set(`/${path.basename(file)}`, source);
  return file;
}

/** The independent statement of §1.5: is this role allowed on this row in this mode? */
function expectedAllowed(access: Access, role: Role, safeMode: boolean): boolean {
  if (access.kind === 'task') return false;
  if (access.kind === 'public' || access.kind === 'capability') return true;
  if (role === 'guest') return false;
  if (access.kind === 'ownerSafeOff') return role === 'owner' && !safeMode;
  if (role === 'owner') return true;
  switch (access.kind) {
    case 'token':
      return true;
    case 'owner':
      return false;
    case 'instance':
      return role === 'exact' || (role === 'admin' && access.admin);
    case 'global':
      if (access.unsafe && safeMode) return false;
      return role === 'exact' || (role === 'admin' && access.admin);
    case 'generic':
      return !safeMode && (role === 'exact' || role === 'admin');
  }
}

/** The permissions each role holds for a row (exact: the row's permission on `a`; other: on `b`). */
function permissionsFor(access: Access, role: Role, env: Env): UserPermission {
  const perms = emptyPermissions();
  if (role !== 'exact' && role !== 'other') return perms;
  const target = role === 'exact' ? env.a : env.b;
  if (access.kind === 'instance') for (const key of access.keys) perms[key] = [target];
  if ((access.kind === 'global' || access.kind === 'generic') && role === 'exact') {
    perms[access.kind === 'generic' ? 'can_create_instance' : access.key] = true;
  }
  return perms;
}

let env: Env;
const tokens: Partial<Record<Role, string>> = {};
const uids: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  scratchDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-matrix-'));
  const server = createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
  });
  definitionServer = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  definitionFile = await definitionWithFreshPort();
  const t = await startTestCore({
    // Nothing leaves this machine: upstreams and the gateway point at a closed local port.
    upstreams: {
      mojangVersionManifest: 'http://127.0.0.1:9/manifest.json',
      fabricMeta: 'http://127.0.0.1:9',
      paperApi: 'http://127.0.0.1:9',
      forgeMetadata: 'http://127.0.0.1:9/m.json',
      forgeMaven: 'http://127.0.0.1:9',
      adoptiumApi: 'http://127.0.0.1:9',
      mojangProfileApi: 'http://127.0.0.1:9',
    },
    gateway: { ssdpAddress: '127.0.0.1', ssdpPort: 9, timeoutMs: 200 },
    playit: { apiUrl: 'http://127.0.0.1:9', controlAddr: '127.0.0.1:9' },
    modrinthApiUrl: 'http://127.0.0.1:9',
    avatarUpstream: 'http://127.0.0.1:9',
  });
  const owner = await t.setupOwner();
  tokens.owner = owner;
  const log = await EventLog.open(t, owner);
  const createInstance = async (name: string) => {
    const res = await t.request('POST', '/instance/create_generic', {
      token: owner,
      body: {
        url: pathToFileURL(await definitionWithFreshPort()).href,
        setup_value: { name, setting_sections: {} },
      },
    });
    expect(res.status, res.text).toBe(200);
    const uuid = res.json as string;
    await log.wait(isCreationEnd(uuid), `creation of ${name}`);
    return uuid;
  };
  let counter = 0;
  env = {
    t,
    a: await createInstance('Alpha'),
    b: await createInstance('Beta'),
    freshUser: async () => (await t.createUser(owner, `fresh-${++counter}`)).uid,
    freshInstance: () => createInstance(`Fresh ${++counter}`),
    self: (role) => uids[role === 'guest' ? 'none' : role]!,
  };
  uids.owner = t.core.ctx.users.list().find((u) => u.isOwner)!.uid;
  for (const role of ['none', 'exact', 'other', 'admin'] as const) {
    const user = await t.createUser(owner, `role-${role}`);
    tokens[role] = user.token;
    uids[role] = user.uid;
  }
  t.core.ctx.db.prepare('UPDATE users SET is_admin = 1 WHERE uid = ?').run(uids.admin);
});

afterAll(async () => {
  await env?.t.close();
  await new Promise((resolve) =>
    definitionServer ? definitionServer.close(resolve) : resolve(null),
  );
  await fs.rm(scratchDir, { recursive: true, force: true });
});

async function call(row: Row, role: Role): Promise<number> {
  const { t } = env;
  const req = await row.request(env, role);
  const token = role === 'guest' ? undefined : tokens[role];
  if (row.websocket) {
    const port = new URL(t.origin).port;
    let route = req.path;
    if (row.url === '/events/:any/stream')
      route += `?filter=${encodeURIComponent(JSON.stringify(emptyEventQuery(token ?? null)))}`;
    else if (token) route += `?token=${encodeURIComponent(`Bearer ${token}`)}`;
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1${route}`);
      ws.once('open', () => {
        ws.close();
        resolve(101);
      });
      ws.once('unexpected-response', (_r, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(0));
    });
  }
  if (row.url === '/user/login') {
    const basic = Buffer.from(`role-none:user-password`).toString('base64');
    return (
      await t.request('POST', '/user/login', {
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
        rawBody: '{}',
      })
    ).status;
  }
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (req.raw) {
    if (req.raw.type) headers['content-type'] = req.raw.type;
    const res = await fetch(`${t.api}${req.path}`, {
      method: row.method,
      headers,
      body: req.raw.data,
    });
    await res.arrayBuffer();
    return res.status;
  }
  return (await t.request(row.method, req.path, { token, body: req.body })).status;
}

describe('permission matrix', () => {
  it('has a row for every route the core registers, and no stale rows', () => {
    const registered = env.t.core.routes
      .map((r) => `${r.method} ${r.url.replace(/^\/api\/v1/, '')}`)
      .sort();
    const covered = ROWS.map((r) => `${r.method} ${r.url}`).sort();
    expect(covered).toEqual(registered);
    const sockets = env.t.core.routes
      .filter((r) => r.websocket)
      .map((r) => r.url.replace(/^\/api\/v1/, ''))
      .sort();
    expect(
      ROWS.filter((r) => r.websocket)
        .map((r) => r.url)
        .sort(),
    ).toEqual(sockets);
  });

  for (const safeMode of [true, false]) {
    for (const row of ROWS) {
      it(`${row.method} ${row.url} (safe mode ${safeMode ? 'on' : 'off'})`, async () => {
        await env.t.core.ctx.settings.setSafeMode(safeMode);
        const outcomes: string[] = [];
        const wanted: string[] = [];
        for (const role of ROLES) {
          if (role === 'exact' || role === 'other') {
            env.t.core.ctx.db
              .prepare('UPDATE users SET permissions = ? WHERE uid = ?')
              .run(JSON.stringify(permissionsFor(row.access, role, env)), uids[role]);
          }
          const status = await call(row, role);
          const allowed = expectedAllowed(row.access, role, safeMode);
          const refusedWith = role === 'guest' ? (row.guestStatus ?? 401) : 403;
          let ok: boolean;
          if (allowed) {
            const authRefusal =
              (status === 401 && row.url !== '/user/login/2fa') ||
              (status === 403 && row.url !== '/setup/:key');
            // 501/502 are honest answers here (a generic game without players, no gateway or upstream
            // on this machine); 500 would be a bug.
            ok = !authRefusal && status !== 0 && status !== 500;
          } else {
            ok = status === refusedWith;
          }
          outcomes.push(`${role}:${status}${ok ? '' : '!'}`);
          wanted.push(`${role}:${allowed ? 'allowed' : refusedWith}`);
        }
        expect(
          outcomes.filter((o) => o.endsWith('!')),
          `got ${outcomes.join(' ')}; wanted ${wanted.join(' ')}`,
        ).toEqual([]);
      });
    }
  }

  it('answers a made-up sign-in challenge with its own 401 (the one public 401)', async () => {
    const res = await env.t.request('POST', '/user/login/2fa', {
      body: { challenge: 'made-up', code: '000000' },
    });
    expect(res.json).toEqual({
      kind: 'Unauthorized',
      causes: ['Sign-in expired: enter your password again'],
    });
  });

  it('keeps the spent setup key a refusal for everyone (the one public 403)', async () => {
    const res = await env.t.request('POST', '/setup/AAAAAAAAAAAAAAAA', {
      body: { username: 'x', password: 'y' },
    });
    expect(res.json).toEqual({ kind: 'PermissionDenied', causes: ['Setup key already used.'] });
  });
});
