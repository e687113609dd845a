// The four player list files in vanilla Minecraft's JSON formats, and the whitelist switch, as text
// in and text out (no I/O here). Entries are kept as the objects the file holds, so a field another
// tool added survives an edit; only the wire shapes are built from the known fields.
import type { BannedIp, BannedPlayer, Operator, WhitelistEntry } from '@hearth/protocol';
import { badRequest } from '../../errors.ts';
import type { WhitelistSwitch } from '../../runtime/players/player-admin.ts';
import {
  getProperty,
  parseProperties,
  serializeProperties,
  setProperty,
} from '../../runtime/minecraft/server-properties.ts';

export type RawEntry = Record<string, unknown>;

/** vanilla's `expires` of a ban without an end. */
export const FOREVER = 'forever';
/** What vanilla writes as the reason of a ban given none. */
export const DEFAULT_BAN_REASON = 'Banned by an operator.';

const isObject = (v: unknown): v is RawEntry =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * The entries of a list file, or null when it is not a JSON array (a file the core must not
 * overwrite: someone's hand edit went wrong). An empty file is an empty list, as for vanilla.
 */
export function parseListFile(content: string): RawEntry[] | null {
  if (content.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  return Array.isArray(parsed) ? parsed.filter(isObject) : null;
}

/** As vanilla writes its lists: two-space indented JSON. */
export function serializeListFile(entries: readonly RawEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}

/** Each entry whose `key` is a string, as `build` makes it; an entry without one is skipped. */
function entriesWith<T>(
  entries: readonly RawEntry[],
  key: 'name' | 'ip',
  build: (e: RawEntry, value: string) => T,
): T[] {
  const out: T[] = [];
  for (const e of entries) {
    const value = text(e[key]);
    if (value !== null) out.push(build(e, value));
  }
  return out;
}

/** The fields both ban lists hold besides who is banned. */
const banFieldsOf = (e: RawEntry) => ({
  created: text(e.created),
  source: text(e.source),
  expires: text(e.expires),
  reason: text(e.reason),
});

export function bannedPlayersOf(entries: readonly RawEntry[]): BannedPlayer[] {
  return entriesWith(entries, 'name', (e, name) => ({
    uuid: text(e.uuid),
    name,
    ...banFieldsOf(e),
  }));
}

export function bannedIpsOf(entries: readonly RawEntry[]): BannedIp[] {
  return entriesWith(entries, 'ip', (e, ip) => ({ ip, ...banFieldsOf(e) }));
}

export function operatorsOf(entries: readonly RawEntry[]): Operator[] {
  return entriesWith(entries, 'name', (e, name) => ({
    uuid: text(e.uuid),
    name,
    level: typeof e.level === 'number' && Number.isFinite(e.level) ? e.level : 4,
    bypasses_player_limit: e.bypassesPlayerLimit === true,
  }));
}

export function whitelistOf(entries: readonly RawEntry[]): WhitelistEntry[] {
  return entriesWith(entries, 'name', (e, name) => ({ uuid: text(e.uuid), name }));
}

const plainUuid = (uuid: string) => uuid.replaceAll('-', '').toLowerCase();

/** Where a player is in a list: same name (any case, as vanilla compares) or same uuid; -1 if absent. */
export function indexOfPlayer(
  entries: readonly RawEntry[],
  who: { name: string; uuid?: string | null },
): number {
  const name = who.name.toLowerCase();
  const uuid = who.uuid ? plainUuid(who.uuid) : null;
  return entries.findIndex((e) => {
    const n = text(e.name);
    const u = text(e.uuid);
    return (
      (n !== null && n.toLowerCase() === name) ||
      (uuid !== null && u !== null && plainUuid(u) === uuid)
    );
  });
}

export function indexOfIp(entries: readonly RawEntry[], ip: string): number {
  const wanted = ip.toLowerCase();
  return entries.findIndex((e) => text(e.ip)?.toLowerCase() === wanted);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** vanilla's date format, `yyyy-MM-dd HH:mm:ss Z`, in UTC ("2025-01-02 03:04:05 +0000"). */
export function vanillaDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

export interface NewEntry {
  /** Dashed (`8-4-4-4-12`). */
  uuid: string;
  name: string;
}

interface NewBan {
  source: string;
  reason: string | null;
  at: number;
}

/** A new ban's fields after who is banned, in vanilla's key order: a ban without an end. */
const banFields = (ban: NewBan): RawEntry => ({
  created: vanillaDate(ban.at),
  source: ban.source,
  expires: FOREVER,
  reason: ban.reason || DEFAULT_BAN_REASON,
});

export function bannedPlayerEntry(who: NewEntry, ban: NewBan): RawEntry {
  return { uuid: who.uuid, name: who.name, ...banFields(ban) };
}

export function bannedIpEntry(ip: string, ban: NewBan): RawEntry {
  return { ip, ...banFields(ban) };
}

export function operatorEntry(who: NewEntry, level: number): RawEntry {
  return { uuid: who.uuid, name: who.name, level, bypassesPlayerLimit: false };
}

export function whitelistEntry(who: NewEntry): RawEntry {
  return { uuid: who.uuid, name: who.name };
}

/** The whitelist switch as its file says (missing file or key: off, as vanilla); null if unreadable. */
export function readSwitch(content: string | null, sw: WhitelistSwitch): boolean | null {
  if (content === null) return false;
  if (sw.format === 'properties') {
    return (
      (getProperty(parseProperties(content), sw.key) ?? 'false').trim().toLowerCase() === 'true'
    );
  }
  try {
    const parsed: unknown = JSON.parse(content);
    return isObject(parsed) ? parsed[sw.key] === true : null;
  } catch {
    return null;
  }
}

/** The switch's file with the switch set, every other line or key kept. */
export function writeSwitch(content: string | null, sw: WhitelistSwitch, on: boolean): string {
  if (sw.format === 'properties') {
    return serializeProperties(setProperty(parseProperties(content ?? ''), sw.key, String(on)));
  }
  let parsed: unknown = {};
  if (content !== null && content.trim() !== '') {
    try {
      parsed = JSON.parse(content);
    } catch {
      parsed = null;
    }
  }
  if (!isObject(parsed))
    throw badRequest(`${sw.file} is not a JSON object; fix or remove it to change the whitelist`);
  return `${JSON.stringify({ ...parsed, [sw.key]: on }, null, 2)}\n`;
}
