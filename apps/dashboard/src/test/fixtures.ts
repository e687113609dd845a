import { emptyPermissions, encodeSnowflake } from '@hearth/protocol';
import type {
  ClientEvent,
  ConfigurableValueType,
  CoreInfo,
  EventInner,
  InstanceEventInner,
  Game,
  GlobalSettingsData,
  InstanceInfo,
  PublicUser,
  SettingManifest,
} from '@hearth/protocol';
import type { CoreConnection } from '@/lib/session.ts';

export const TEST_CORE: CoreConnection = {
  address: 'core.test',
  port: 16662,
  protocol: 'http',
  apiVersion: 'v1',
};
export const TEST_CORE_HOST = 'core.test:16662';

export function coreInfo(overrides: Partial<CoreInfo> = {}): CoreInfo {
  return {
    version: '0.5.1',
    is_setup: true,
    os: 'linux',
    arch: 'x86_64',
    cpu: 'Test CPU',
    cpu_count: 4,
    total_ram: 8 * 1024 ** 3,
    total_disk: 100 * 1024 ** 3,
    host_name: 'testhost',
    uuid: 'core-uuid',
    core_name: 'Test Core',
    up_since: 1718900000,
    ...overrides,
  };
}

/**
 * GET /global_settings as a Lodestone-shaped core answers it: safe mode on, playit off, the
 * Hearth-only fields absent (the dashboard reads their defaults).
 */
export function globalSettings(overrides: Partial<GlobalSettingsData> = {}) {
  return {
    core_name: 'Test Core',
    safe_mode: true,
    domain: null,
    playit_enabled: false,
    ...overrides,
  };
}

export function publicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    uid: 'USER_1',
    username: 'alice',
    is_owner: false,
    is_admin: false,
    permissions: emptyPermissions(),
    ...overrides,
  };
}

function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned-looking JWT with the given claims (the dashboard never checks signatures). */
export function makeJwt(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ typ: 'JWT', alg: 'HS512' }))}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

/** A token valid for a day for `uid`. */
export function validJwt(uid = 'USER_1'): string {
  return makeJwt({ uid, exp: Math.floor(Date.now() / 1000) + 86400 });
}

let eventSeq = 0;

/**
 * A live event as the core sends it, caused by the system unless told otherwise. Each one gets
 * the next snowflake sequence, so events made in the same millisecond stay in order.
 */
export function clientEvent(
  inner: EventInner,
  overrides: Partial<Omit<ClientEvent, 'event_inner'>> = {},
): ClientEvent {
  eventSeq = (eventSeq + 1) % 4096;
  return {
    event_inner: inner,
    details: '',
    snowflake: encodeSnowflake(Date.now(), eventSeq),
    level: 'Info',
    caused_by: { type: 'System' },
    ...overrides,
  };
}

/** A live event of one instance (`InstanceEvent`), as `clientEvent` makes it. */
export function instanceEvent(uuid: string, name: string, inner: InstanceEventInner): ClientEvent {
  return clientEvent({
    type: 'InstanceEvent',
    instance_uuid: uuid,
    instance_name: name,
    instance_event_inner: inner,
  });
}

/** An instance as GET /instance/list returns it, for tests. */
export function instanceInfo(overrides: Partial<InstanceInfo> = {}): InstanceInfo {
  return {
    uuid: 'INSTANCE_1',
    name: 'My Server',
    game_type: { type: 'MinecraftJava', variant: { type: 'Vanilla' } },
    description: 'A test server',
    version: '1.20.4',
    port: 25565,
    creation_time: 1718900000,
    path: '/data/instances/my-server',
    auto_start: false,
    restart_on_crash: false,
    state: 'Stopped',
    player_count: 0,
    max_player_count: 20,
    player_list: [],
    ...overrides,
  };
}

/** The game of a flying-squid generic instance. */
export const SQUID_GAME: Game = {
  type: 'Generic',
  game_name: 'flying-squid',
  game_display_name: 'Minecraft (flying-squid)',
};

/** A setting manifest entry for tests. */
export function setting(
  id: string,
  valueType: ConfigurableValueType,
  overrides: Partial<SettingManifest> = {},
): SettingManifest {
  return {
    setting_id: id,
    name: id,
    description: `About ${id}`,
    value: null,
    value_type: valueType,
    default_value: null,
    is_secret: false,
    is_required: true,
    is_mutable: true,
    ...overrides,
  };
}
