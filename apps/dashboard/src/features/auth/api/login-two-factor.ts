import { useMutation } from '@tanstack/react-query';
import { readTwoFactorChallenge } from '@hearth/protocol';
import type { TwoFactorChallenge } from '@hearth/protocol';
import { apiCall, ApiError } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { readLoginReply } from './login.ts';
import type { SignedIn } from './login.ts';

/**
 * The challenge of a password step whose user has two-factor sign-in on (a Hearth core answers
 * 401 with it beside the envelope; protocol access.ts), or null for any other failure.
 */
export function twoFactorChallengeOf(err: unknown): TwoFactorChallenge | null {
  if (!(err instanceof ApiError) || err.failure.type !== 'http' || err.status !== 401) return null;
  return readTwoFactorChallenge(err.failure.body);
}

/** POST /user/login/2fa: the challenge and a code (or a recovery code) → the usual LoginReply. */
export async function loginWithCode(
  core: CoreConnection,
  challenge: string,
  code: string,
): Promise<SignedIn> {
  const body = await apiCall(
    'userLoginTwoFactor',
    {},
    { core, body: { challenge, code }, auth: 'none' },
  );
  return readLoginReply(body);
}

export function useLoginWithCodeMutation() {
  return useMutation({
    mutationFn: (input: { core: CoreConnection; challenge: string; code: string }) =>
      loginWithCode(input.core, input.challenge, input.code),
  });
}
