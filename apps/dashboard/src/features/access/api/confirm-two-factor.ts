import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecoveryCodesSchema } from '@hearth/protocol';
import type { RecoveryCodes } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; code: string }) =>
      confirmTwoFactor(input.core, input.uid, input.code),
    onSuccess: (_codes, input) =>
      queryClient.invalidateQueries({
        queryKey: getTwoFactorStatusQueryOptions(input.core, input.uid).queryKey,
      }),
  });
}
