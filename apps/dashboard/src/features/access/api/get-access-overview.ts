import { z } from 'zod/mini';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { UserAccessSchema } from '@hearth/protocol';
import type { UserAccess } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const OverviewSchema = z.array(UserAccessSchema);

/** GET /access/users (owner): who has two-factor sign-in, live sessions and keys per user. */
export function getAccessOverview(
  core: CoreConnection,
  signal?: AbortSignal,
): Promise<UserAccess[]> {
  return apiCall(
    'accessOverview',
    {},
    { core, schema: OverviewSchema, ...(signal ? { signal } : {}) },
  );
}

/** `enabled`: the caller is the owner. */
export function getAccessOverviewQueryOptions(core: CoreConnection | null, enabled: boolean) {
  return queryOptions({
    queryKey: ['access', 'overview', core ? coreKey(core) : null] as const,
    queryFn: core && enabled ? ({ signal }) => getAccessOverview(core, signal) : skipToken,
    retry: false,
  });
}

export function useAccessOverview(core: CoreConnection | null, enabled: boolean) {
  return useQuery(getAccessOverviewQueryOptions(core, enabled));
}
