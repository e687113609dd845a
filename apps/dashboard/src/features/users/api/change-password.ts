import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';

/**
 * PUT /user/:uid/password `{uid, old_password, new_password}` → null. `old_password` is null when
 * the owner resets someone else's. The core then revokes every token of that user.
 */
export async function changePassword(
  core: CoreConnection,
  request: ChangePasswordRequest,
): Promise<void> {
  await apiCall('userPassword', { uid: request.uid }, { core, body: request });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: { core: CoreConnection; request: ChangePasswordRequest }) =>
      changePassword(input.core, input.request),
  });
}
