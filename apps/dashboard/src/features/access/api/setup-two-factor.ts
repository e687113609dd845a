import { useMutation } from '@tanstack/react-query';
import { TwoFactorSetupSchema } from '@hearth/protocol';
import type { TwoFactorSetup } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';

/** POST /user/:uid/two_factor/setup: a new secret and its QR code (nothing is on yet). */
export function setupTwoFactor(core: CoreConnection, uid: string): Promise<TwoFactorSetup> {
  return apiCall('twoFactorSetup', { uid }, { core, schema: TwoFactorSetupSchema });
}

export function useSetupTwoFactorMutation() {
  return useMutation({
    mutationFn: (input: { core: CoreConnection; uid: string }) =>
      setupTwoFactor(input.core, input.uid),
  });
}
