import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreItemQueryOptions } from '@/lib/api-queries.ts';
import { firstScreenParser } from '@/lib/first-screen-parsers.ts';
import type { CoreConnection } from '@/lib/session.ts';

const twoFactorParser = firstScreenParser<TwoFactorStatus>((s) => s.TwoFactorStatusSchema);

/** GET /user/:uid/two_factor (yourself, or the owner for anyone). */
export function getTwoFactorStatus(
  core: CoreConnection,
  uid: string,
  signal?: AbortSignal,
): Promise<TwoFactorStatus> {
  return apiCall('twoFactorStatus', { uid }, { core, schema: twoFactorParser, signal });
}

export function getTwoFactorStatusQueryOptions(core: CoreConnection | null, uid: string | null) {
  return {
    ...coreItemQueryOptions(['access', 'two-factor'], core, uid, getTwoFactorStatus),
    // A Lodestone core has no such route (404): nothing to retry.
    retry: false,
  };
}

export function useTwoFactorStatus(core: CoreConnection | null, uid: string | null) {
  return useQuery(getTwoFactorStatusQueryOptions(core, uid));
}
