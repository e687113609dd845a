import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getApiKeysQueryOptions } from './get-api-keys.ts';

/** DELETE /user/:uid/api_keys/:key: refused at once, its sockets closed. */
export async function revokeApiKey(core: CoreConnection, uid: string, id: string): Promise<void> {
  await apiCall('apiKeyRevoke', { uid, key: id }, { core });
}

export function useRevokeApiKeyMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; id: string }) =>
      revokeApiKey(input.core, input.uid, input.id),
    invalidates: (input) => [getApiKeysQueryOptions(input.core, input.uid)],
  });
}
