import { z } from 'zod/mini';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ApiKeySchema } from '@hearth/protocol';
import type { ApiKey } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const ApiKeyListSchema = z.array(ApiKeySchema);

/** GET /user/:uid/api_keys */
export function getApiKeys(
  core: CoreConnection,
  uid: string,
  signal?: AbortSignal,
): Promise<ApiKey[]> {
  return apiCall(
    'apiKeyList',
    { uid },
    { core, schema: ApiKeyListSchema, ...(signal ? { signal } : {}) },
  );
}

export function getApiKeysQueryOptions(core: CoreConnection | null, uid: string | null) {
  return queryOptions({
    queryKey: ['access', 'api-keys', core ? coreKey(core) : null, uid] as const,
    queryFn: core && uid !== null ? ({ signal }) => getApiKeys(core, uid, signal) : skipToken,
    retry: false,
  });
}

export function useApiKeys(core: CoreConnection | null, uid: string | null) {
  return useQuery(getApiKeysQueryOptions(core, uid));
}
