import { t } from '@lingui/core/macro';
import { playerActionProblem, playerActionTarget } from '@hearth/protocol';
import type {
  InstanceState,
  PlayerAction,
  PlayerActionKind,
  PlayerActionResult,
  PlayerActionSupport,
  PlayerLists,
} from '@hearth/protocol';

// What the Players tab and the Overview's player menu offer, from the game's support and the
// instance state (the same rule the core refuses with), and the words for what happened.

/** A control for an action: absent (the game lacks it), or shown and maybe disabled with a reason. */
export type Availability = { shown: false } | { shown: true; disabledReason: string | null };

export function availability(
  support: PlayerActionSupport | undefined,
  action: PlayerActionKind,
  state: InstanceState,
): Availability {
  switch (playerActionProblem(support?.[action] ?? [], state)) {
    case 'unsupported':
      return { shown: false };
    case 'busy':
      return { shown: true, disabledReason: t`Wait until the server is running or stopped` };
    case 'needs_running':
      return { shown: true, disabledReason: t`Only while the server is running` };
    case 'needs_stopped':
      return { shown: true, disabledReason: t`Only while the server is stopped` };
    case null:
      return { shown: true, disabledReason: null };
  }
}

/** What the server was asked to do, or did, in words for a toast. */
export function doneText(action: PlayerAction, result: PlayerActionResult): string {
  const who = playerActionTarget(action) ?? '';
  const text: Record<PlayerActionKind, string> = {
    kick: t`Kicked ${who}`,
    ban: t`Banned ${who}`,
    pardon: t`Pardoned ${who}`,
    ban_ip: t`Banned ${who}`,
    pardon_ip: t`Pardoned ${who}`,
    op: t`${who} is now an operator`,
    deop: t`${who} is no longer an operator`,
    whitelist_add: t`Added ${who} to the whitelist`,
    whitelist_remove: t`Removed ${who} from the whitelist`,
    whitelist_on: t`The whitelist is on`,
    whitelist_off: t`The whitelist is off`,
  };
  // A command the server's files did not show yet: say it was sent, not that it is done.
  if (result.via === 'command' && !result.confirmed && action.action !== 'kick') {
    const done = text[action.action];
    return t`Sent to the server: ${done}`;
  }
  return text[action.action];
}

const lower = (s: string | null) => (s ?? '').toLowerCase();

type Names = ReadonlySet<string> | null;

/** The lower-cased names on each list, made once per answer (WeakMap: gone with the answer). */
const namesOf = new WeakMap<PlayerLists, { banned: Names; op: Names; whitelisted: Names }>();

function names(lists: PlayerLists) {
  let found = namesOf.get(lists);
  if (!found) {
    const set = (list: readonly { name: string }[] | null) =>
      list ? new Set(list.map((e) => lower(e.name))) : null;
    found = {
      banned: set(lists.banned_players),
      op: set(lists.ops),
      whitelisted: set(lists.whitelist),
    };
    namesOf.set(lists, found);
  }
  return found;
}

/**
 * Where a player stands on each list (null: the game keeps no such list). Every player menu asks
 * on every draw: a look-up in sets made once per answer, not a walk through 10,000 bans.
 */
export function standing(lists: PlayerLists | undefined, name: string) {
  if (!lists) return { banned: null, op: null, whitelisted: null };
  const sets = names(lists);
  const is = (set: Names) => (set ? set.has(lower(name)) : null);
  return { banned: is(sets.banned), op: is(sets.op), whitelisted: is(sets.whitelisted) };
}

/** A row of one of the lists: the name or address, and the rest in words. */
export interface ListEntry {
  key: string;
  primary: string;
  secondary: string | null;
}

function banWords(ban: {
  reason: string | null;
  source: string | null;
  created: string | null;
  expires: string | null;
}): string | null {
  const { source, expires } = ban;
  const parts = [
    ban.reason,
    source ? t`by ${source}` : null,
    ban.created,
    expires && expires !== 'forever' ? t`until ${expires}` : null,
  ].filter((p): p is string => p !== null && p !== '');
  return parts.length > 0 ? parts.join(' · ') : null;
}

type ListRows = ReturnType<typeof makeListEntries>;

/** The rows made from each answer: opening the tab again does not make 10,000 rows again. */
const rowsOf = new WeakMap<PlayerLists, ListRows>();

/** The rows of each list as the Players tab shows them (null: the game keeps no such list). */
export function listEntries(lists: PlayerLists | undefined): ListRows {
  if (!lists) return makeListEntries(undefined);
  let rows = rowsOf.get(lists);
  if (!rows) {
    rows = makeListEntries(lists);
    rowsOf.set(lists, rows);
  }
  return rows;
}

function makeListEntries(lists: PlayerLists | undefined) {
  const rows = <T>(list: readonly T[] | null | undefined, row: (e: T, i: number) => ListEntry) =>
    list ? list.map(row) : null;
  return {
    bannedPlayers: rows(lists?.banned_players, (b, i) => ({
      key: `${i}:${b.name}`,
      primary: b.name,
      secondary: banWords(b),
    })),
    bannedIps: rows(lists?.banned_ips, (b, i) => ({
      key: `${i}:${b.ip}`,
      primary: b.ip,
      secondary: banWords(b),
    })),
    ops: rows(lists?.ops, (o, i) => {
      const level = o.level;
      return {
        key: `${i}:${o.name}`,
        primary: o.name,
        secondary: o.bypasses_player_limit
          ? t`Level ${level} · may join a full server`
          : t`Level ${level}`,
      };
    }),
    whitelist: rows(lists?.whitelist, (w, i) => ({
      key: `${i}:${w.name}`,
      primary: w.name,
      secondary: null,
    })),
  };
}

/** The rows whose name, address or words hold `query` (any case); all when it is empty. */
export function matchEntries(entries: readonly ListEntry[], query: string): readonly ListEntry[] {
  const q = query.trim().toLowerCase();
  if (q === '') return entries;
  return entries.filter(
    (e) => e.primary.toLowerCase().includes(q) || lower(e.secondary).includes(q),
  );
}
