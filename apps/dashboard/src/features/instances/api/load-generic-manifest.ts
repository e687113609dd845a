import { useMutation } from '@tanstack/react-query';
import { SetupManifestSchema, apiPaths } from '@hearth/protocol';
import type { SetupManifest } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/** The core fetches and bundles the definition before it answers. */
const LOAD_TIMEOUT_MS = 60_000;

/** PUT /generic_setup_manifest with {url}: the setup manifest of a generic (Docker Instance) definition. */
export function loadGenericManifest(url: string): Promise<SetupManifest> {
  return apiRequest(apiPaths.genericSetupManifest(), {
    method: 'PUT',
    body: { url },
    schema: SetupManifestSchema,
    timeoutMs: LOAD_TIMEOUT_MS,
  });
}

export function useLoadGenericManifestMutation() {
  return useMutation({ mutationFn: (url: string) => loadGenericManifest(url) });
}
