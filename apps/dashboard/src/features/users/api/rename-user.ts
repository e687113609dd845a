import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getUserListQueryOptions } from './get-user-list.ts';

/** PUT /user/:uid/rename with the new username as a JSON string → null. */
export async function renameUser(
  core: CoreConnection,
  uid: string,
  username: string,
): Promise<void> {
  await apiCall('userRename', { uid }, { core, body: username });
}

export function useRenameUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; username: string }) =>
      renameUser(input.core, input.uid, input.username),
    onSuccess: (_data, input) =>
      queryClient.setQueryData<PublicUser[]>(
        getUserListQueryOptions(input.core, true).queryKey,
        (list) => list?.map((u) => (u.uid === input.uid ? { ...u, username: input.username } : u)),
      ),
  });
}
