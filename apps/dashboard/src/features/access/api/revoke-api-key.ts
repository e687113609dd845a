import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getApiKeysQueryOptions } from './get-api-keys.ts';

/** DELETE /user/:uid/api_keys/:key: refused at once, its sockets closed. */
export async function revokeApiKey(core: CoreConnection, uid: string, id: string): Promise<void> {
  await apiCall('apiKeyRevoke', { uid, key: id }, { core });
}

export function useRevokeApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; id: string }) =>
      revokeApiKey(input.core, input.uid, input.id),
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({
        queryKey: getApiKeysQueryOptions(input.core, input.uid).queryKey,
      }),
  });
}
