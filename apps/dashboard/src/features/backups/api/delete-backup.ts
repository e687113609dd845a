import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import { getBackupsQueryOptions } from './get-backups.ts';

/** DELETE /instance/:uuid/backups/:id (refused while locked; dismisses a Failed row). */
export async function deleteBackup(instanceUuid: string, backupId: string): Promise<void> {
  await apiCall('backupDelete', { uuid: instanceUuid, backup: backupId });
}

export function useDeleteBackupMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backupId: string) => deleteBackup(instanceUuid, backupId),
    onSuccess: (_data, backupId) => {
      queryClient.setQueryData(getBackupsQueryOptions(instanceUuid).queryKey, (list) =>
        list?.filter((b) => b.id !== backupId),
      );
    },
  });
}
