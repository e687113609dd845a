import type { Player } from '@hearth/protocol';

// dashboard.md §2 Overview: the player list is sortable by name; avatars come from a public
// avatar service by uuid at 16 px.

export type SortDirection = 'ascending' | 'descending';

export function sortPlayers(players: readonly Player[], direction: SortDirection): Player[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...players].sort(
    (a, b) => sign * a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' }),
  );
}

export const AVATAR_SIZE = 16;

/** The avatar URL of a Minecraft player with a uuid; null for anyone else. */
export function avatarUrl(player: Player): string | null {
  if (player.type !== 'MinecraftPlayer' || !player.uuid) return null;
  return `https://mc-heads.net/avatar/${encodeURIComponent(player.uuid)}/${AVATAR_SIZE}`;
}

export function playerKey(player: Player): string {
  return player.type === 'MinecraftPlayer'
    ? (player.uuid ?? `name:${player.name}`)
    : `id:${player.id}`;
}

export function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}
