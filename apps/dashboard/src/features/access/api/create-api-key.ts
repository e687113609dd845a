import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiKeyCreatedSchema } from '@hearth/protocol';
import type { ApiKeyCreate, ApiKeyCreated } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; request: ApiKeyCreate }) =>
      createApiKey(input.core, input.uid, input.request),
    onSuccess: (_created, input) =>
      queryClient.invalidateQueries({
        queryKey: getApiKeysQueryOptions(input.core, input.uid).queryKey,
      }),
  });
}
