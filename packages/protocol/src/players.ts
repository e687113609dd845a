import { z } from 'zod/mini';
import type { InstanceState } from './instances.ts';
import { hasControlCharacter } from './text.ts';

// Player actions from the panel (issue 27): kick, ban / pardon by name and by IP, op / deop, the
// whitelist and its switch. A running server gets them as console commands (it stays the source of
// truth and writes its own files); a stopped one has its files written in the game's own format.
// The lists (bans, ops, whitelist) are read from those files, so they show while it is stopped too.

/** Longest player name accepted, in characters (Minecraft's are 3–16; other games may differ). */
export const PLAYER_NAME_MAX = 32;
/** Longest kick or ban reason, in characters. */
export const PLAYER_REASON_MAX = 200;

export const PLAYER_ACTIONS = [
  'kick',
  'ban',
  'pardon',
  'ban_ip',
  'pardon_ip',
  'op',
  'deop',
  'whitelist_add',
  'whitelist_remove',
  'whitelist_on',
  'whitelist_off',
] as const;
export const PlayerActionKindSchema = z.enum(PLAYER_ACTIONS);
export type PlayerActionKind = z.infer<typeof PlayerActionKindSchema>;

/**
 * A player name as a console command takes it: one word of letters, digits, `_`, `-` and `.`
 * (a space or a line break would let a name add words or whole commands to the line).
 */
export const PlayerNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Player name cannot be empty'),
    z.maxLength(PLAYER_NAME_MAX, `Player name cannot be longer than ${PLAYER_NAME_MAX} characters`),
    z.regex(/^[A-Za-z0-9_.-]*$/, 'Player name can only hold letters, digits, "_", "-" and "."'),
  );

/** A reason shown to the player: one line (it ends a console command), no control characters. */
export const PlayerReasonSchema = z.string().check(
  z.trim(),
  z.maxLength(PLAYER_REASON_MAX, `Reason cannot be longer than ${PLAYER_REASON_MAX} characters`),
  z.refine(
    (s) => !hasControlCharacter(s),
    'Reason cannot contain line breaks or control characters',
  ),
);

export const IpAddressSchema = z.union([z.ipv4(), z.ipv6()], {
  error: 'Not an IPv4 or IPv6 address',
});

function firstProblem(schema: z.ZodMiniType, raw: string): string | null {
  const parsed = schema.safeParse(raw);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid value');
}

/** What is wrong with a player name as typed, or null (the dashboard's field check). */
export const playerNameProblem = (raw: string) => firstProblem(PlayerNameSchema, raw);
export const playerReasonProblem = (raw: string) => firstProblem(PlayerReasonSchema, raw);
export const ipAddressProblem = (raw: string) => firstProblem(IpAddressSchema, raw.trim());

const reason = z.optional(z.nullable(PlayerReasonSchema));

/** `POST /instance/:uuid/players/action`: one action on one player (or address, or the switch). */
export const PlayerActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('kick'), name: PlayerNameSchema, reason }),
  z.object({ action: z.literal('ban'), name: PlayerNameSchema, reason }),
  z.object({ action: z.literal('pardon'), name: PlayerNameSchema }),
  z.object({ action: z.literal('ban_ip'), ip: IpAddressSchema, reason }),
  z.object({ action: z.literal('pardon_ip'), ip: IpAddressSchema }),
  z.object({ action: z.literal('op'), name: PlayerNameSchema }),
  z.object({ action: z.literal('deop'), name: PlayerNameSchema }),
  z.object({ action: z.literal('whitelist_add'), name: PlayerNameSchema }),
  z.object({ action: z.literal('whitelist_remove'), name: PlayerNameSchema }),
  z.object({ action: z.literal('whitelist_on') }),
  z.object({ action: z.literal('whitelist_off') }),
]);
export type PlayerAction = z.output<typeof PlayerActionSchema>;
export type PlayerActionInput = z.input<typeof PlayerActionSchema>;

/** Through the console of the running server, or in its files while it is stopped. */
export const PlayerActionWaySchema = z.enum(['command', 'file']);
export type PlayerActionWay = z.infer<typeof PlayerActionWaySchema>;

/** For each action, the ways this game offers (empty: the game cannot do it at all). */
export const PlayerActionSupportSchema = z.record(
  PlayerActionKindSchema,
  z.array(PlayerActionWaySchema),
);
export type PlayerActionSupport = z.infer<typeof PlayerActionSupportSchema>;

/** How an action is done in a state: commands while Running, files while Stopped (or Error). */
export function playerActionWay(state: InstanceState): PlayerActionWay | null {
  if (state === 'Running') return 'command';
  if (state === 'Stopped' || state === 'Error') return 'file';
  return null;
}

/**
 * Why an action cannot be done now, or null when it can: the game lacks it (`unsupported`), the
 * server is starting or stopping (`busy`), or the game offers it only in the other state. The core
 * refuses with it and the dashboard hides or disables the control with it.
 */
export function playerActionProblem(
  ways: readonly PlayerActionWay[],
  state: InstanceState,
): 'unsupported' | 'busy' | 'needs_running' | 'needs_stopped' | null {
  if (ways.length === 0) return 'unsupported';
  const way = playerActionWay(state);
  if (way === null) return 'busy';
  if (ways.includes(way)) return null;
  return way === 'command' ? 'needs_stopped' : 'needs_running';
}

/** The target of an action in words ("Steve", "203.0.113.7"), or null for the whitelist switch. */
export function playerActionTarget(action: PlayerAction): string | null {
  if ('name' in action) return action.name;
  if ('ip' in action) return action.ip;
  return null;
}

const text = z.nullable(z.string());

/** One entry of `banned-players.json` (vanilla: uuid, name, created, source, expires, reason). */
export const BannedPlayerSchema = z.object({
  uuid: text,
  name: z.string(),
  created: text,
  source: text,
  expires: text,
  reason: text,
});
export type BannedPlayer = z.infer<typeof BannedPlayerSchema>;

/** One entry of `banned-ips.json`. */
export const BannedIpSchema = z.object({
  ip: z.string(),
  created: text,
  source: text,
  expires: text,
  reason: text,
});
export type BannedIp = z.infer<typeof BannedIpSchema>;

/** One entry of `ops.json` (the file says `bypassesPlayerLimit`). */
export const OperatorSchema = z.object({
  uuid: text,
  name: z.string(),
  level: z.number(),
  bypasses_player_limit: z.boolean(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** One entry of `whitelist.json`. */
export const WhitelistEntrySchema = z.object({ uuid: text, name: z.string() });
export type WhitelistEntry = z.infer<typeof WhitelistEntrySchema>;

/** `GET /instance/:uuid/players/lists`. A list is null when the game keeps no such file. */
export const PlayerListsSchema = z.object({
  support: PlayerActionSupportSchema,
  /** The whitelist switch as its file says; null when the game has none (or it cannot be read). */
  whitelist_enabled: z.nullable(z.boolean()),
  banned_players: z.nullable(z.array(BannedPlayerSchema)),
  banned_ips: z.nullable(z.array(BannedIpSchema)),
  ops: z.nullable(z.array(OperatorSchema)),
  whitelist: z.nullable(z.array(WhitelistEntrySchema)),
  /** Files that could not be read, in words ("banned-players.json is not a regular file"). */
  problems: z.array(z.string()),
});
export type PlayerLists = z.infer<typeof PlayerListsSchema>;

export const PlayerActionResultSchema = z.object({
  via: PlayerActionWaySchema,
  /**
   * For a command: the server's files (or its player list, for a kick) showed the change within a
   * couple of seconds. A file edit is always confirmed; a command the game keeps no file for never.
   */
  confirmed: z.boolean(),
});
export type PlayerActionResult = z.infer<typeof PlayerActionResultSchema>;
