import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { ApiKeySchema } from '@hearth/protocol';
import type { ApiKey } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreItemQueryOptions } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';

const ApiKeyListSchema = z.array(ApiKeySchema);

/** GET /user/:uid/api_keys */
export function getApiKeys(
  core: CoreConnection,
  uid: string,
  signal?: AbortSignal,
): Promise<ApiKey[]> {
  return apiCall('apiKeyList', { uid }, { core, schema: ApiKeyListSchema, signal });
}

export function getApiKeysQueryOptions(core: CoreConnection | null, uid: string | null) {
  return { ...coreItemQueryOptions(['access', 'api-keys'], core, uid, getApiKeys), retry: false };
}

export function useApiKeys(core: CoreConnection | null, uid: string | null) {
  return useQuery(getApiKeysQueryOptions(core, uid));
}
