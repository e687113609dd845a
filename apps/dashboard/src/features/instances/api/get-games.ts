import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { HandlerGameTypeSchema } from '@hearth/protocol';
import type { HandlerGameType } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreQueryOptions } from '@/lib/api-queries.ts';
import { useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const GameListSchema = z.array(HandlerGameTypeSchema);

/** GET /games: the handler keys this core can install. */
export function getGames(core: CoreConnection, signal?: AbortSignal): Promise<HandlerGameType[]> {
  return apiCall('games', {}, { core, schema: GameListSchema, signal });
}

export function getGamesQueryOptions(core: CoreConnection | null) {
  return coreQueryOptions(['games'], core, true, getGames);
}

export function useGames() {
  return useQuery(getGamesQueryOptions(useCurrentCore()));
}
