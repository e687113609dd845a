import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getAccessOverviewQueryOptions } from './get-access-overview.ts';
import { getSessionsQueryOptions } from './get-sessions.ts';

/** DELETE /user/:uid/sessions/:session: that session is signed out at once. */
export async function revokeSession(core: CoreConnection, uid: string, id: string): Promise<void> {
  await apiCall('sessionRevoke', { uid, session: id }, { core });
}

export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; id: string }) =>
      revokeSession(input.core, input.uid, input.id),
    onSuccess: async (_data, input) => {
      await queryClient.invalidateQueries({
        queryKey: getSessionsQueryOptions(input.core, input.uid).queryKey,
      });
      await queryClient.invalidateQueries({
        queryKey: getAccessOverviewQueryOptions(input.core, true).queryKey,
      });
    },
  });
}
