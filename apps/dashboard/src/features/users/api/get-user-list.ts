import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { PublicUserSchema } from '@hearth/protocol';
import type { PublicUser } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreQueryOptions } from '@/lib/api-queries.ts';
import { useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const UserListSchema = z.array(PublicUserSchema);

/** GET /user/list (owner only, dashboard.md §6). */
export function getUserList(core: CoreConnection, signal?: AbortSignal): Promise<PublicUser[]> {
  return apiCall('userList', {}, { core, schema: UserListSchema, signal });
}

/** `enabled`: the caller is the owner — nobody else fetches the list. */
export function getUserListQueryOptions(core: CoreConnection | null, enabled: boolean) {
  return coreQueryOptions(['user', 'list'], core, enabled, getUserList);
}

export function useUserList(enabled: boolean) {
  const core = useCurrentCore();
  return useQuery(getUserListQueryOptions(core, enabled));
}
