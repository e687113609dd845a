import { RecoveryCodesSchema } from '@hearth/protocol';
import type { RecoveryCodes } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getTwoFactorStatusQueryOptions } from './get-two-factor-status.ts';

/** POST /user/:uid/two_factor/recovery_codes: ten new codes for a current one; the old ones end. */
export function renewRecoveryCodes(
  core: CoreConnection,
  uid: string,
  code: string,
): Promise<RecoveryCodes> {
  return apiCall(
    'twoFactorRecoveryCodes',
    { uid },
    { core, body: { code }, schema: RecoveryCodesSchema },
  );
}

export function useRenewRecoveryCodesMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; code: string }) =>
      renewRecoveryCodes(input.core, input.uid, input.code),
    invalidates: (input) => [getTwoFactorStatusQueryOptions(input.core, input.uid)],
  });
}
