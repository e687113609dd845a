import { z } from 'zod/mini';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ShippedDefinitionSchema } from '@hearth/protocol';
import type { ShippedDefinition } from '@hearth/protocol';
import { apiCall, ApiError } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const DefinitionListSchema = z.array(ShippedDefinitionSchema);

/**
 * What a core offers beyond the Lodestone API, learnt once per core from Hearth's
 * `GET /games/definitions`: a Lodestone core answers 404 there, and lacks the other Hearth routes
 * too (auto_start / restart_on_crash), so the screens that need them hide.
 */
export interface CoreExtensions {
  /** false for a Lodestone core. */
  hearth: boolean;
  /** The generic games that ship with the core (empty on a Lodestone core). */
  definitions: ShippedDefinition[];
}

export async function getCoreExtensions(
  core: CoreConnection,
  signal?: AbortSignal,
): Promise<CoreExtensions> {
  try {
    const definitions = await apiCall(
      'gamesDefinitions',
      {},
      { core, auth: 'none', schema: DefinitionListSchema, signal },
    );
    return { hearth: true, definitions };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { hearth: false, definitions: [] };
    throw err;
  }
}

export function getCoreExtensionsQueryOptions(core: CoreConnection | null) {
  return queryOptions({
    // Kept across sign-in and sign-out (session-cache.ts): it describes the core, not the user.
    queryKey: ['core-extensions', core ? `${core.protocol}://${coreKey(core)}` : null] as const,
    queryFn: core ? ({ signal }) => getCoreExtensions(core, signal) : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCoreExtensions() {
  return useQuery(getCoreExtensionsQueryOptions(useCurrentCore()));
}
