import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { readLoginReply } from './login.ts';
import type { SignedIn } from './login.ts';

/** POST /setup/:key → LoginReply of the new owner. */
export async function setupOwner(
  core: CoreConnection,
  input: { setupKey: string; username: string; password: string },
): Promise<SignedIn> {
  const body = await apiCall(
    'setup',
    { key: input.setupKey.trim() },
    { core, auth: 'none', body: { username: input.username.trim(), password: input.password } },
  );
  return readLoginReply(body);
}

export function useSetupOwnerMutation() {
  return useMutation({
    mutationFn: (input: {
      core: CoreConnection;
      setupKey: string;
      username: string;
      password: string;
    }) => setupOwner(input.core, input),
  });
}
