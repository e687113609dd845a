// Bans, operators and the whitelist for Hearth's flying-squid launcher, kept the way a vanilla server
// keeps them: `banned-players.json`, `banned-ips.json`, `ops.json` and `whitelist.json` in the
// server's folder (vanilla's JSON formats; Hearth reads them for its lists and edits them while the
// server is stopped), the whitelist switch in the launcher's settings file. flying-squid's own bans
// live in memory and check a uuid against names, so this module replaces them: it refuses players at
// join and answers the vanilla console commands (kick, ban, ban-ip, pardon, pardon-ip, op, deop,
// whitelist, banlist), from the console and from an operator in game.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';

export const LIST_FILES = {
  bannedPlayers: 'banned-players.json',
  bannedIps: 'banned-ips.json',
  ops: 'ops.json',
  whitelist: 'whitelist.json',
};

const DEFAULT_BAN_REASON = 'Banned by an operator.';
const DEFAULT_KICK_REASON = 'Kicked by an operator';
const NAME = /^[A-Za-z0-9_.-]{1,32}$/;

/** The uuid an offline-mode server gives a name (what minecraft-protocol gives the client), dashed. */
export function offlineUuid(name) {
  const bytes = createHash('md5').update(`OfflinePlayer:${name}`, 'utf8').digest();
  bytes[6] = (bytes[6] & 0x0f) | 0x30;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const pad = (n) => String(n).padStart(2, '0');
function vanillaDate(date = new Date()) {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** True when a ban's `expires` (vanilla's date format, or "forever") has passed. */
function expired(entry) {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(
    String(entry.expires ?? 'forever'),
  );
  if (!m) return false;
  const [, y, mo, d, h, mi, s, sign, oh, om] = m;
  const offset = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - offset <= Date.now();
}

const plain = (uuid) =>
  String(uuid ?? '')
    .replaceAll('-', '')
    .toLowerCase();
const sameName = (a, b) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase();
/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d. */
export const clientAddress = (address) => String(address ?? '').replace(/^::ffff:(?=\d+\.)/, '');

function writeAtomic(file, text) {
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

function readList(file, warn) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e?.code !== 'ENOENT') warn(`Could not read ${file}: ${e instanceof Error ? e.message : e}`);
    return [];
  }
  if (text.trim() === '') return [];
  try {
    const parsed = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed.filter((e) => e !== null && typeof e === 'object');
  } catch {
    // reported below
  }
  warn(`${file} is not a JSON list; it is treated as empty`);
  return [];
}

/**
 * @param {object} options
 * @param {string} options.settingsFile the launcher's settings (the whitelist switch is its `whitelist`)
 * @param {boolean} options.whitelist the switch as the settings file had it at start
 * @param {() => Array<{username: string, uuid: string, op: boolean, kick(reason: string): void, _client: {socket?: {remoteAddress?: string}}}>} options.online
 * @param {(message: string) => void} options.warn
 */
export function createModeration({ settingsFile, whitelist, online, warn }) {
  const lists = {};
  for (const [key, file] of Object.entries(LIST_FILES)) lists[key] = readList(file, warn);
  let whitelistOn = whitelist === true;

  const save = (key) => writeAtomic(LIST_FILES[key], `${JSON.stringify(lists[key], null, 2)}\n`);
  const findPlayer = (key, name, uuid) =>
    lists[key].findIndex(
      (e) =>
        sameName(e.name, name) || (uuid !== undefined && !!e.uuid && plain(e.uuid) === plain(uuid)),
    );
  const findIp = (ip) => lists.bannedIps.findIndex((e) => sameName(e.ip, ip));
  const onlineNamed = (name) => online().find((p) => sameName(p.username, name));
  const addressOf = (player) => clientAddress(player._client.socket?.remoteAddress);
  /** The online player's own uuid, else the offline uuid this server would give the name. */
  const uuidFor = (name) => onlineNamed(name)?.uuid ?? offlineUuid(name);
  const isOp = (username, uuid) => findPlayer('ops', username, uuid) !== -1;

  function setWhitelist(on) {
    let raw = {};
    try {
      raw = JSON.parse(readFileSync(settingsFile, 'utf8'));
    } catch (e) {
      warn(`Could not read ${settingsFile}: ${e instanceof Error ? e.message : e}`);
    }
    writeAtomic(settingsFile, `${JSON.stringify({ ...raw, whitelist: on }, null, 2)}\n`);
    whitelistOn = on;
  }

  /** Splits `name rest of the line` into its first word and the rest. */
  const split = (args) => {
    const text = args.trim();
    const space = text.indexOf(' ');
    return space === -1 ? [text, ''] : [text.slice(0, space), text.slice(space + 1).trim()];
  };

  const commands = {
    kick(args) {
      const [name, reason] = split(args);
      if (!name) return 'Usage: kick <player> [reason]';
      const player = onlineNamed(name);
      if (!player) return 'No player was found';
      const why = reason || DEFAULT_KICK_REASON;
      player.kick(why);
      return `Kicked ${player.username}: ${why}`;
    },
    ban(args, source) {
      const [name, reason] = split(args);
      if (!NAME.test(name)) return 'Usage: ban <player> [reason]';
      if (findPlayer('bannedPlayers', name) !== -1)
        return 'Nothing changed. The player is already banned';
      const why = reason || DEFAULT_BAN_REASON;
      lists.bannedPlayers.push({
        uuid: uuidFor(name),
        name: onlineNamed(name)?.username ?? name,
        created: vanillaDate(),
        source,
        expires: 'forever',
        reason: why,
      });
      save('bannedPlayers');
      onlineNamed(name)?.kick(`You are banned from this server. Reason: ${why}`);
      return `Banned ${name}: ${why}`;
    },
    'ban-ip'(args, source) {
      const [target, reason] = split(args);
      const ip = isIP(target) ? target : onlineNamed(target) && addressOf(onlineNamed(target));
      if (!ip) return 'Invalid IP address or unknown player';
      if (findIp(ip) !== -1) return 'Nothing changed. That IP is already banned';
      const why = reason || DEFAULT_BAN_REASON;
      lists.bannedIps.push({ ip, created: vanillaDate(), source, expires: 'forever', reason: why });
      save('bannedIps');
      for (const player of online().filter((p) => addressOf(p) === ip))
        player.kick(`Your IP address is banned from this server. Reason: ${why}`);
      return `Banned IP ${ip}: ${why}`;
    },
    pardon(args) {
      const [name] = split(args);
      const index = findPlayer('bannedPlayers', name);
      if (!name || index === -1) return "Nothing changed. The player isn't banned";
      lists.bannedPlayers.splice(index, 1);
      save('bannedPlayers');
      return `Unbanned ${name}`;
    },
    'pardon-ip'(args) {
      const [ip] = split(args);
      if (!isIP(ip)) return 'Invalid IP address';
      const index = findIp(ip);
      if (index === -1) return "Nothing changed. That IP isn't banned";
      lists.bannedIps.splice(index, 1);
      save('bannedIps');
      return `Unbanned IP ${ip}`;
    },
    op(args) {
      const [name] = split(args);
      if (!NAME.test(name)) return 'Usage: op <player>';
      if (findPlayer('ops', name) !== -1)
        return 'Nothing changed. The player already is an operator';
      const player = onlineNamed(name);
      lists.ops.push({
        uuid: uuidFor(name),
        name: player?.username ?? name,
        level: 4,
        bypassesPlayerLimit: false,
      });
      save('ops');
      if (player) player.op = true;
      return `Made ${name} a server operator`;
    },
    deop(args) {
      const [name] = split(args);
      const index = findPlayer('ops', name);
      if (!name || index === -1) return 'Nothing changed. The player is not an operator';
      lists.ops.splice(index, 1);
      save('ops');
      const player = onlineNamed(name);
      if (player) player.op = false;
      return `Made ${name} no longer a server operator`;
    },
    whitelist(args) {
      const [sub, rest] = split(args);
      const [name] = split(rest);
      switch (sub.toLowerCase()) {
        case 'on':
          if (whitelistOn) return 'Whitelist is already turned on';
          setWhitelist(true);
          return 'Whitelist is now turned on';
        case 'off':
          if (!whitelistOn) return 'Whitelist is already turned off';
          setWhitelist(false);
          return 'Whitelist is now turned off';
        case 'add':
          if (!NAME.test(name)) return 'Usage: whitelist add <player>';
          if (findPlayer('whitelist', name) !== -1) return 'Player is already whitelisted';
          lists.whitelist.push({ uuid: uuidFor(name), name: onlineNamed(name)?.username ?? name });
          save('whitelist');
          return `Added ${name} to the whitelist`;
        case 'remove': {
          const index = findPlayer('whitelist', name);
          if (!name || index === -1) return 'Player is not whitelisted';
          lists.whitelist.splice(index, 1);
          save('whitelist');
          return `Removed ${name} from the whitelist`;
        }
        case 'list': {
          const names = lists.whitelist.map((e) => e.name);
          return `There are ${names.length} whitelisted player(s): ${names.join(', ')}`;
        }
        case 'reload':
          lists.whitelist = readList(LIST_FILES.whitelist, warn);
          return 'Reloaded the whitelist';
        default:
          return 'Usage: whitelist on|off|add <player>|remove <player>|list|reload';
      }
    },
    banlist(args) {
      const ips = args.trim().toLowerCase() === 'ips';
      const entries = ips ? lists.bannedIps : lists.bannedPlayers;
      const lines = entries.map(
        (e) => `${ips ? e.ip : e.name} was banned by ${e.source ?? 'Server'}: ${e.reason ?? ''}`,
      );
      return [`There are ${entries.length} ban(s)${entries.length ? ':' : ''}`, ...lines].join(
        '\n',
      );
    },
  };

  return {
    commands,
    /** Whether a joining player is an operator (ops.json). */
    isOp,
    /** Why a joining client is refused (ban, IP ban, not whitelisted), or null to let it in. */
    joinRefusal({ username, uuid, address }) {
      const ban = lists.bannedPlayers.find(
        (e) =>
          (sameName(e.name, username) || (!!e.uuid && plain(e.uuid) === plain(uuid))) &&
          !expired(e),
      );
      if (ban)
        return `You are banned from this server. Reason: ${ban.reason ?? DEFAULT_BAN_REASON}`;
      const ipBan = lists.bannedIps.find(
        (e) => sameName(e.ip, clientAddress(address)) && !expired(e),
      );
      if (ipBan)
        return `Your IP address is banned from this server. Reason: ${ipBan.reason ?? DEFAULT_BAN_REASON}`;
      if (whitelistOn && !isOp(username, uuid) && findPlayer('whitelist', username, uuid) === -1)
        return 'You are not white-listed on this server!';
      return null;
    },
  };
}
