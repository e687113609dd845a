import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getAccessOverviewQueryOptions } from './get-access-overview.ts';
import { getSessionsQueryOptions } from './get-sessions.ts';

/** DELETE /user/:uid/sessions/:session: that session is signed out at once. */
export async function revokeSession(core: CoreConnection, uid: string, id: string): Promise<void> {
  await apiCall('sessionRevoke', { uid, session: id }, { core });
}

export function useRevokeSessionMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; id: string }) =>
      revokeSession(input.core, input.uid, input.id),
    invalidates: (input) => [
      getSessionsQueryOptions(input.core, input.uid),
      getAccessOverviewQueryOptions(input.core, true),
    ],
  });
}
