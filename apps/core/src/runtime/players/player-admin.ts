import {
  PLAYER_ACTIONS,
  type PlayerAction,
  type PlayerActionKind,
  type PlayerActionSupport,
  type PlayerActionWay,
} from '@hearth/protocol';

// How a game's players are managed from the panel (issue 27): console commands while it runs, its
// own list files (vanilla Minecraft's JSON formats) while it is stopped. Minecraft answers with the
// vanilla commands and files; a generic definition declares what its game has (`players`).

/** The four list files a game may keep, each in vanilla Minecraft's JSON format. */
export const PLAYER_LIST_KINDS = ['banned_players', 'banned_ips', 'ops', 'whitelist'] as const;
export type PlayerListKind = (typeof PLAYER_LIST_KINDS)[number];

/** Where a stopped server keeps its whitelist switch: a `key=value` file or a JSON object's key. */
export interface WhitelistSwitch {
  file: string;
  format: 'properties' | 'json';
  key: string;
}

export interface PlayerAdmin {
  /**
   * Console command templates, one line each, with `{name}`, `{ip}` and `{reason}` placeholders;
   * an action without one cannot be done while the server runs.
   */
  commands: Partial<Record<PlayerActionKind, string>>;
  /** The list files, relative to the instance folder; a list without one is neither shown nor edited. */
  files: Partial<Record<PlayerListKind, string>>;
  whitelistSwitch: WhitelistSwitch | null;
  /** How a name becomes the uuid the lists store: Mojang's (online mode) or the offline one. */
  uuids: 'online' | 'offline';
  /** The level `ops.json` gives a new operator (vanilla: `op-permission-level`, default 4). */
  opLevel: number;
}

/** Vanilla Minecraft's console commands (Paper, Fabric and Forge keep them). */
export const VANILLA_PLAYER_COMMANDS: Readonly<Record<PlayerActionKind, string>> = {
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
};

export const VANILLA_PLAYER_FILES: Readonly<Record<PlayerListKind, string>> = {
  banned_players: 'banned-players.json',
  banned_ips: 'banned-ips.json',
  ops: 'ops.json',
  whitelist: 'whitelist.json',
};

/** The list (or, for the two switch actions, null: the switch) each action changes. */
export const ACTION_LIST: Readonly<Record<PlayerActionKind, PlayerListKind | 'switch' | null>> = {
  kick: null,
  ban: 'banned_players',
  pardon: 'banned_players',
  ban_ip: 'banned_ips',
  pardon_ip: 'banned_ips',
  op: 'ops',
  deop: 'ops',
  whitelist_add: 'whitelist',
  whitelist_remove: 'whitelist',
  whitelist_on: 'switch',
  whitelist_off: 'switch',
};

/** Which ways each action has: a command template, and (except kick) the file it edits. */
export function supportOf(admin: PlayerAdmin | null): PlayerActionSupport {
  const support = {} as PlayerActionSupport;
  for (const action of PLAYER_ACTIONS) {
    const ways: PlayerActionWay[] = [];
    if (admin?.commands[action] !== undefined) ways.push('command');
    const list = ACTION_LIST[action];
    const hasFile =
      list === 'switch' ? admin?.whitelistSwitch != null : list !== null && !!admin?.files[list];
    if (hasFile) ways.push('file');
    support[action] = ways;
  }
  return support;
}

/**
 * The console line for an action. Values were checked by the protocol schema (a name is one word,
 * an address has no spaces, a reason has no line break), so nothing can add a second command.
 */
export function commandFor(template: string, action: PlayerAction): string {
  const values: Record<string, string> = {
    name: 'name' in action ? action.name : '',
    ip: 'ip' in action ? action.ip : '',
    reason: 'reason' in action ? (action.reason ?? '') : '',
  };
  return template.replace(/\{(name|ip|reason)\}/g, (_, key: string) => values[key] ?? '').trimEnd();
}
