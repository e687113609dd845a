import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /instance/:uuid/backups/:id/restore — answers at once; the restore reports progression
 * events (use-backup-events.ts refreshes the list when it ends). `stopFirst` stops a running server.
 */
export async function restoreBackup(
  instanceUuid: string,
  backupId: string,
  stopFirst: boolean,
): Promise<void> {
  await apiRequest(apiPaths.backupRestore(instanceUuid, backupId), {
    method: 'POST',
    body: { stop_first: stopFirst },
  });
}

export function useRestoreBackupMutation(instanceUuid: string) {
  return useMutation({
    mutationFn: (input: { id: string; stopFirst: boolean }) =>
      restoreBackup(instanceUuid, input.id, input.stopFirst),
  });
}
