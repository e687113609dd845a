import { ApiKeyCreatedSchema } from '@hearth/protocol';
import type { ApiKeyCreate, ApiKeyCreated } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getApiKeysQueryOptions } from './get-api-keys.ts';

/** POST /user/:uid/api_keys: the key and, once, its secret. */
export function createApiKey(
  core: CoreConnection,
  uid: string,
  request: ApiKeyCreate,
): Promise<ApiKeyCreated> {
  return apiCall('apiKeyCreate', { uid }, { core, body: request, schema: ApiKeyCreatedSchema });
}

export function useCreateApiKeyMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; request: ApiKeyCreate }) =>
      createApiKey(input.core, input.uid, input.request),
    invalidates: (input) => [getApiKeysQueryOptions(input.core, input.uid)],
  });
}
