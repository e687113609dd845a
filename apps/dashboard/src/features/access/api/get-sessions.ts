import { z } from 'zod/mini';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { SessionSchema } from '@hearth/protocol';
import type { Session } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const SessionListSchema = z.array(SessionSchema);

/** GET /user/:uid/sessions (newest use first; `current` is the one asking). */
export function getSessions(
  core: CoreConnection,
  uid: string,
  signal?: AbortSignal,
): Promise<Session[]> {
  return apiCall(
    'sessionList',
    { uid },
    { core, schema: SessionListSchema, ...(signal ? { signal } : {}) },
  );
}

export function getSessionsQueryOptions(core: CoreConnection | null, uid: string | null) {
  return queryOptions({
    queryKey: ['access', 'sessions', core ? coreKey(core) : null, uid] as const,
    queryFn: core && uid !== null ? ({ signal }) => getSessions(core, uid, signal) : skipToken,
    retry: false,
  });
}

export function useSessions(core: CoreConnection | null, uid: string | null) {
  return useQuery(getSessionsQueryOptions(core, uid));
}
