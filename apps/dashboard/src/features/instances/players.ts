import { encodeQuery } from '@hearth/protocol';
import type { Player } from '@hearth/protocol';
import { routeUrl } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';

// dashboard.md §2 Overview: the player list is sortable by name, with a 16 px avatar by uuid.
// Issue 23 #24: the avatar comes through the core (which fetches it once and keeps it), never
// from the browser to a third party that would learn every player's id.

export type SortDirection = 'ascending' | 'descending';

export function sortPlayers(players: readonly Player[], direction: SortDirection): Player[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...players].sort(
    (a, b) => sign * a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' }),
  );
}

export const AVATAR_SIZE = 16;

/**
 * The core's avatar URL for a Minecraft player with a uuid; null for anyone else, and null when the
 * core has no avatar route (a Lodestone core: `hearth` false) or is not known yet, so the drawn
 * initial shows instead.
 */
export function avatarUrl(
  player: Player,
  core: CoreConnection | null,
  hearth: boolean,
): string | null {
  if (player.type !== 'MinecraftPlayer' || !player.uuid || !core || !hearth) return null;
  return routeUrl(
    'playerAvatar',
    { uuid: player.uuid },
    { core, query: encodeQuery({ name: player.name }) },
  );
}

export function playerKey(player: Player): string {
  return player.type === 'MinecraftPlayer'
    ? (player.uuid ?? `name:${player.name}`)
    : `id:${player.id}`;
}

export function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}
