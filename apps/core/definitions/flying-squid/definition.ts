// flying-squid as a Hearth generic game: a Minecraft server written in Node, started through our own
// launcher.mjs (vanilla-style console, `list`/`say`/`stop`, and the player commands with vanilla's
// list files, moderation.mjs). Ships with Hearth; also the e2e peer.
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import squidVersions from 'flying-squid/src/lib/version.js';
import type {
  GenericGameDefinition,
  InstallContext,
  SettingValue,
  StartContext,
} from '../../src/runtime/generic/definition.ts';

export const SETTINGS_FILE = 'hearth-squid.json';
/** Newest first, as the version picker shows them. */
export const VERSIONS = [...squidVersions.testedVersions].reverse();
/** flying-squid's newest version (mineflayer joins it too; checked by the tests). */
export const DEFAULT_VERSION = squidVersions.latestSupportedVersion;
export const DEFAULT_PORT = 25565;
export const DEFAULT_MAX_PLAYERS = 20;
export const DEFAULT_MOTD = 'A Hearth server';

/** The launcher's settings file (hearth-squid.json). */
export interface SquidSettings {
  host: string;
  port: number;
  max_players: number;
  motd: string;
  version: string;
  world: string;
}

const LINE = String.raw`^\[\d{2}:\d{2}:\d{2}\] \[Server thread/INFO\]: `;

function intValue(value: SettingValue | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

function stringValue(value: SettingValue | undefined, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function launcherPath(definitionUrl: string): string {
  const url = new URL('./launcher.mjs', definitionUrl);
  if (url.protocol !== 'file:') {
    throw new Error(
      'the flying-squid definition must be loaded from a file:// URL (it runs launcher.mjs beside it)',
    );
  }
  return fileURLToPath(url);
}

async function install(ctx: InstallContext) {
  const version = stringValue(ctx.values.version, DEFAULT_VERSION);
  if (!VERSIONS.includes(version))
    throw new Error(`flying-squid does not support version ${version}`);
  const settings: SquidSettings = {
    host: '127.0.0.1',
    port: intValue(ctx.values.port, DEFAULT_PORT),
    max_players: intValue(ctx.values.max_players, DEFAULT_MAX_PLAYERS),
    motd: stringValue(ctx.values.motd, DEFAULT_MOTD),
    version,
    world: 'world',
  };
  ctx.progress(0.5, `Writing ${SETTINGS_FILE}`);
  const target = join(ctx.instanceDir, SETTINGS_FILE);
  await writeFile(`${target}.tmp`, `${JSON.stringify(settings, null, 2)}\n`);
  await rename(`${target}.tmp`, target);
  ctx.progress(1, 'flying-squid is ready');
  return {
    version,
    port: settings.port,
    max_players: settings.max_players,
    config: { settings_file: SETTINGS_FILE },
  };
}

function start(ctx: StartContext) {
  const settingsFile =
    typeof ctx.config.settings_file === 'string' ? ctx.config.settings_file : SETTINGS_FILE;
  return {
    command: process.execPath,
    args: [launcherPath(ctx.definitionUrl), '--config', settingsFile, '--port', String(ctx.port)],
  };
}

const definition: GenericGameDefinition = {
  game_name: 'flying-squid',
  game_display_name: 'Minecraft (flying-squid)',
  setupManifest: () => ({
    setting_sections: {
      section_1: {
        section_id: 'section_1',
        name: 'Basic Settings',
        description: 'Basic settings for the flying-squid server.',
        settings: {
          version: {
            setting_id: 'version',
            name: 'Version',
            description: 'The Minecraft version players connect with.',
            value: null,
            value_type: { type: 'Enum', options: VERSIONS },
            default_value: { type: 'Enum', value: DEFAULT_VERSION },
            is_secret: false,
            is_required: true,
            is_mutable: false,
          },
          port: {
            setting_id: 'port',
            name: 'Port',
            description: 'The port the server listens on.',
            value: null,
            value_type: { type: 'UnsignedInteger', min: 0, max: 65535 },
            default_value: { type: 'UnsignedInteger', value: DEFAULT_PORT },
            is_secret: false,
            is_required: true,
            is_mutable: true,
          },
          max_players: {
            setting_id: 'max_players',
            name: 'Max Players',
            description:
              'The maximum number of players that can play on the server at the same time.',
            value: null,
            value_type: { type: 'UnsignedInteger', min: null, max: null },
            default_value: { type: 'UnsignedInteger', value: DEFAULT_MAX_PLAYERS },
            is_secret: false,
            is_required: true,
            is_mutable: true,
          },
          motd: {
            setting_id: 'motd',
            name: 'Message of the Day',
            description: 'Shown in the server list.',
            value: null,
            value_type: { type: 'String', regex: null },
            default_value: { type: 'String', value: DEFAULT_MOTD },
            is_secret: false,
            is_required: true,
            is_mutable: true,
          },
        },
      },
    },
  }),
  install,
  start,
  stop: { command: 'stop' },
  output: {
    started: `${LINE}Done \\(.+\\)!`,
    join: `${LINE}([^\\s<>]+) joined the game$`,
    leave: `${LINE}([^\\s<>]+) left the game$`,
    chat: `${LINE}<([^>]+)> (.*)$`,
  },
  ping: { kind: 'minecraft' },
  // launcher.mjs speaks the vanilla commands, so backups of a running server are consistent.
  backup: {
    disable: ['save-off'],
    flush: 'save-all flush',
    saved: `${LINE}Saved the game$`,
    enable: ['save-on'],
  },
  // launcher.mjs answers the vanilla player commands and keeps vanilla's list files; the
  // whitelist switch is `whitelist` in its settings file. Offline mode: offline uuids.
  players: {
    commands: {
      kick: 'kick {name} {reason}',
      ban: 'ban {name} {reason}',
      pardon: 'pardon {name}',
      ban_ip: 'ban-ip {ip} {reason}',
      pardon_ip: 'pardon-ip {ip}',
      op: 'op {name}',
      deop: 'deop {name}',
      whitelist_add: 'whitelist add {name}',
      whitelist_remove: 'whitelist remove {name}',
      whitelist_on: 'whitelist on',
      whitelist_off: 'whitelist off',
    },
    files: {
      banned_players: 'banned-players.json',
      banned_ips: 'banned-ips.json',
      ops: 'ops.json',
      whitelist: 'whitelist.json',
    },
    whitelist_switch: { file: SETTINGS_FILE, format: 'json', key: 'whitelist' },
    uuids: 'offline',
  },
};

export default definition;
