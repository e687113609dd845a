import { useQuery } from '@tanstack/react-query';
import { SetupManifestSchema } from '@hearth/protocol';
import type { HandlerGameType, SetupManifest } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreItemQueryOptions } from '@/lib/api-queries.ts';
import { useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

/** The core asks the game's version list upstream first (up to 20 s). */
const MANIFEST_TIMEOUT_MS = 30_000;

/** GET /setup_manifest/{game}. */
export function getSetupManifest(
  core: CoreConnection,
  game: HandlerGameType,
  signal?: AbortSignal,
): Promise<SetupManifest> {
  return apiCall(
    'setupManifest',
    { game },
    {
      core,
      schema: SetupManifestSchema,
      timeoutMs: MANIFEST_TIMEOUT_MS,
      signal,
    },
  );
}

export function getSetupManifestQueryOptions(
  core: CoreConnection | null,
  game: HandlerGameType | null,
) {
  return {
    ...coreItemQueryOptions(['setup-manifest'], core, game, getSetupManifest),
    // Version lists change upstream; a new wizard asks again.
    staleTime: 0,
    gcTime: 0,
  };
}

export function useSetupManifest(game: HandlerGameType | null) {
  return useQuery(getSetupManifestQueryOptions(useCurrentCore(), game));
}
