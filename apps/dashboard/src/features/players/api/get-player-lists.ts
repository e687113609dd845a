import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlayerListsSchema, apiPaths } from '@hearth/protocol';
import type { PlayerLists } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/** While the server runs it changes its own lists (an operator in game): look again this often. */
export const RUNNING_REFRESH_MS = 5000;

/** GET /instance/:uuid/players/lists: bans, operators, whitelist and what the game supports. */
export function getPlayerLists(instanceUuid: string, signal?: AbortSignal): Promise<PlayerLists> {
  return apiRequest(apiPaths.playerLists(instanceUuid), {
    schema: PlayerListsSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getPlayerListsQueryOptions(instanceUuid: string) {
  return queryOptions({
    queryKey: ['instance', instanceUuid, 'players', 'lists'] as const,
    queryFn: ({ signal }) => getPlayerLists(instanceUuid, signal),
  });
}

export function usePlayerLists(instanceUuid: string, enabled: boolean, running: boolean) {
  return useQuery({
    ...getPlayerListsQueryOptions(instanceUuid),
    enabled,
    refetchInterval: running ? RUNNING_REFRESH_MS : false,
  });
}
