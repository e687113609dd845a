import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, UserPermission } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getUserListQueryOptions } from './get-user-list.ts';

/** PUT /user/:uid/update_perm with the full permissions object → null. */
export async function updateUserPermissions(
  core: CoreConnection,
  uid: string,
  permissions: UserPermission,
): Promise<void> {
  await apiCall('userUpdatePerm', { uid }, { core, body: permissions });
}

function patch(
  list: PublicUser[] | undefined,
  uid: string,
  permissions: UserPermission,
): PublicUser[] | undefined {
  return list?.map((u) => (u.uid === uid ? { ...u, permissions } : u));
}

/** The change shows at once in the list; a refusal puts the old permissions back. */
export function useUpdateUserPermissionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; uid: string; permissions: UserPermission }) =>
      updateUserPermissions(input.core, input.uid, input.permissions),
    onMutate: async (input) => {
      const key = getUserListQueryOptions(input.core, true).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PublicUser[]>(key);
      queryClient.setQueryData<PublicUser[]>(key, (list) =>
        patch(list, input.uid, input.permissions),
      );
      return { previous: previous?.find((u) => u.uid === input.uid)?.permissions };
    },
    onError: (_err, input, context) => {
      const previous = context?.previous;
      if (!previous) return;
      queryClient.setQueryData<PublicUser[]>(
        getUserListQueryOptions(input.core, true).queryKey,
        (list) => patch(list, input.uid, previous),
      );
    },
  });
}
