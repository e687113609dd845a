import type { QueryClient } from '@tanstack/react-query';
import { setToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getUserInfoQueryOptions } from './api/get-user-info.ts';
import type { SignedIn } from './api/login.ts';

/**
 * Keeps what a sign-in answered (password, two-factor code, owner setup, or the new password after
 * a change): the token for this core, and the user into the cache so it is not read again.
 */
export function keepSignIn(queryClient: QueryClient, core: CoreConnection, signedIn: SignedIn) {
  setToken(core, signedIn.token);
  if (signedIn.user)
    queryClient.setQueryData(getUserInfoQueryOptions(core, true).queryKey, signedIn.user);
}
