import { LoginReplySchema } from '@hearth/protocol';
import type { LoginReply } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getUserListQueryOptions } from './get-user-list.ts';

/** POST /user → the new user's LoginReply (its token is not ours and is dropped). */
export function createUser(
  core: CoreConnection,
  input: { username: string; password: string },
): Promise<LoginReply> {
  return apiCall('userCreate', {}, { core, body: input, schema: LoginReplySchema });
}

export function useCreateUserMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; username: string; password: string }) =>
      createUser(input.core, { username: input.username, password: input.password }),
    invalidates: (input) => [getUserListQueryOptions(input.core, true)],
  });
}
