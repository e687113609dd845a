import { queryOptions, skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { SetupManifestSchema } from '@hearth/protocol';
import type { SetupManifest } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

/** The core fetches and bundles the definition before it answers. */
const LOAD_TIMEOUT_MS = 60_000;

/** PUT /generic_setup_manifest with {url}: the setup manifest of a generic (Docker Instance) definition. */
export function loadGenericManifest(
  url: string,
  options: { core?: CoreConnection; signal?: AbortSignal } = {},
): Promise<SetupManifest> {
  return apiCall(
    'genericSetupManifest',
    {},
    { body: { url }, schema: SetupManifestSchema, timeoutMs: LOAD_TIMEOUT_MS, ...options },
  );
}

/** A shipped definition's manifest, loaded when its card is chosen (the PUT changes nothing). */
export function getGenericManifestQueryOptions(core: CoreConnection | null, url: string | null) {
  return queryOptions({
    queryKey: ['generic-manifest', core ? coreKey(core) : null, url] as const,
    queryFn: core && url ? ({ signal }) => loadGenericManifest(url, { core, signal }) : skipToken,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useGenericManifest(url: string | null) {
  return useQuery(getGenericManifestQueryOptions(useCurrentCore(), url));
}

export function useLoadGenericManifestMutation() {
  return useMutation({ mutationFn: (url: string) => loadGenericManifest(url) });
}
