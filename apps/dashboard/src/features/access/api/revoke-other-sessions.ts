import { z } from 'zod/mini';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getAccessOverviewQueryOptions } from './get-access-overview.ts';
import { getSessionsQueryOptions } from './get-sessions.ts';

const RevokedSchema = z.object({ revoked: z.number() });

/** POST /user/:uid/sessions/revoke_others: every session but this one (the owner's: all of them). */
export async function revokeOtherSessions(core: CoreConnection, uid: string): Promise<number> {
  const answer = await apiCall('sessionRevokeOthers', { uid }, { core, schema: RevokedSchema });
  return answer.revoked;
}

export function useRevokeOtherSessionsMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; uid: string }) =>
      revokeOtherSessions(input.core, input.uid),
    invalidates: (input) => [
      getSessionsQueryOptions(input.core, input.uid),
      getAccessOverviewQueryOptions(input.core, true),
    ],
  });
}
