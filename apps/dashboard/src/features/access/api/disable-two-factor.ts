import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getAccessOverviewQueryOptions } from './get-access-overview.ts';
import { getTwoFactorStatusQueryOptions } from './get-two-factor-status.ts';

/**
 * POST /user/:uid/two_factor/disable: with a current or a recovery code for yourself; the owner
 * turns it off for someone else without one (`code` null).
 */
export async function disableTwoFactor(
  core: CoreConnection,
  uid: string,
  code: string | null,
): Promise<void> {
  await apiCall('twoFactorDisable', { uid }, { core, body: code === null ? {} : { code } });
}

export function useDisableTwoFactorMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; code: string | null }) =>
      disableTwoFactor(input.core, input.uid, input.code),
    invalidates: (input) => [
      getTwoFactorStatusQueryOptions(input.core, input.uid),
      getAccessOverviewQueryOptions(input.core, true),
    ],
  });
}
