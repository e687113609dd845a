import { useMutation } from '@tanstack/react-query';
import { PublicUserSchema } from '@hearth/protocol';
import type { PublicUser } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { MissingTokenError } from '../login-error.ts';

export interface SignedIn {
  token: string;
  user: PublicUser | null;
}

/** Reads `{token, user}` leniently: no token means the credentials were refused. */
export function readLoginReply(body: unknown): SignedIn {
  if (typeof body !== 'object' || body === null) throw new MissingTokenError();
  const { token, user } = body as { token?: unknown; user?: unknown };
  if (typeof token !== 'string' || token.length === 0) throw new MissingTokenError();
  const parsed = PublicUserSchema.safeParse(user);
  return { token, user: parsed.success ? parsed.data : null };
}

/** POST /user/login with Basic auth and an empty JSON body. */
export async function login(
  core: CoreConnection,
  credentials: { username: string; password: string },
): Promise<SignedIn> {
  const body = await apiCall('userLogin', {}, { core, body: {}, auth: { basic: credentials } });
  return readLoginReply(body);
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: (input: { core: CoreConnection; username: string; password: string }) =>
      login(input.core, { username: input.username, password: input.password }),
  });
}
