import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { SessionSchema } from '@hearth/protocol';
import type { Session } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreItemQueryOptions } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';

const SessionListSchema = z.array(SessionSchema);

/** GET /user/:uid/sessions (newest use first; `current` is the one asking). */
export function getSessions(
  core: CoreConnection,
  uid: string,
  signal?: AbortSignal,
): Promise<Session[]> {
  return apiCall('sessionList', { uid }, { core, schema: SessionListSchema, signal });
}

export function getSessionsQueryOptions(core: CoreConnection | null, uid: string | null) {
  return { ...coreItemQueryOptions(['access', 'sessions'], core, uid, getSessions), retry: false };
}

export function useSessions(core: CoreConnection | null, uid: string | null) {
  return useQuery(getSessionsQueryOptions(core, uid));
}
