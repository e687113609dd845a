import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getUserListQueryOptions } from './get-user-list.ts';

/** DELETE /user/:uid → "ok". */
export async function deleteUser(core: CoreConnection, uid: string): Promise<void> {
  await apiCall('userDelete', { uid }, { core });
}

/** dashboard.md §4 "User delete": the row leaves the cached list at once; a refusal brings it back. */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; uid: string }) => deleteUser(input.core, input.uid),
    onMutate: async (input) => {
      const key = getUserListQueryOptions(input.core, true).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PublicUser[]>(key);
      if (previous)
        queryClient.setQueryData<PublicUser[]>(
          key,
          previous.filter((u) => u.uid !== input.uid),
        );
      return { previous };
    },
    onError: (_err, input, context) => {
      if (context?.previous)
        queryClient.setQueryData(
          getUserListQueryOptions(input.core, true).queryKey,
          context.previous,
        );
    },
  });
}
