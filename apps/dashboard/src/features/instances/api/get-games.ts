import { z } from 'zod/mini';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { HandlerGameTypeSchema } from '@hearth/protocol';
import type { HandlerGameType } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const GameListSchema = z.array(HandlerGameTypeSchema);

/** GET /games: the handler keys this core can install. */
export function getGames(core: CoreConnection, signal?: AbortSignal): Promise<HandlerGameType[]> {
  return apiCall('games', {}, { core, schema: GameListSchema, ...(signal ? { signal } : {}) });
}

export function getGamesQueryOptions(core: CoreConnection | null) {
  return queryOptions({
    queryKey: ['games', core ? coreKey(core) : null] as const,
    queryFn: core ? ({ signal }) => getGames(core, signal) : skipToken,
  });
}

export function useGames() {
  return useQuery(getGamesQueryOptions(useCurrentCore()));
}
