import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { UserAccessSchema } from '@hearth/protocol';
import type { UserAccess } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreQueryOptions } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';

const OverviewSchema = z.array(UserAccessSchema);

/** GET /access/users (owner): who has two-factor sign-in, live sessions and keys per user. */
export function getAccessOverview(
  core: CoreConnection,
  signal?: AbortSignal,
): Promise<UserAccess[]> {
  return apiCall('accessOverview', {}, { core, schema: OverviewSchema, signal });
}

/** `enabled`: the caller is the owner. */
export function getAccessOverviewQueryOptions(core: CoreConnection | null, enabled: boolean) {
  return {
    ...coreQueryOptions(['access', 'overview'], core, enabled, getAccessOverview),
    retry: false,
  };
}

export function useAccessOverview(core: CoreConnection | null, enabled: boolean) {
  return useQuery(getAccessOverviewQueryOptions(core, enabled));
}
