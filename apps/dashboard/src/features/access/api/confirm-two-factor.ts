import { RecoveryCodesSchema } from '@hearth/protocol';
import type { RecoveryCodes } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getTwoFactorStatusQueryOptions } from './get-two-factor-status.ts';

/** POST /user/:uid/two_factor/confirm: the first code turns it on; the recovery codes, once. */
export function confirmTwoFactor(
  core: CoreConnection,
  uid: string,
  code: string,
): Promise<RecoveryCodes> {
  return apiCall(
    'twoFactorConfirm',
    { uid },
    { core, body: { code }, schema: RecoveryCodesSchema },
  );
}

export function useConfirmTwoFactorMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; code: string }) =>
      confirmTwoFactor(input.core, input.uid, input.code),
    invalidates: (input) => [getTwoFactorStatusQueryOptions(input.core, input.uid)],
  });
}
