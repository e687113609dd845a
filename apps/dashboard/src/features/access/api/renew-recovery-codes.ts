import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecoveryCodesSchema } from '@hearth/protocol';
import type { RecoveryCodes } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; code: string }) =>
      renewRecoveryCodes(input.core, input.uid, input.code),
    onSuccess: (_codes, input) =>
      queryClient.invalidateQueries({
        queryKey: getTwoFactorStatusQueryOptions(input.core, input.uid).queryKey,
      }),
  });
}
