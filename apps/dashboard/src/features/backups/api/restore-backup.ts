import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';

/**
 * POST /instance/:uuid/backups/:id/restore — answers at once; the restore reports progression
 * events (use-backup-events.ts refreshes the list when it ends). `stopFirst` stops a running server.
 */
export async function restoreBackup(
  instanceUuid: string,
  backupId: string,
  stopFirst: boolean,
): Promise<void> {
  await apiCall(
    'backupRestore',
    { uuid: instanceUuid, backup: backupId },
    { body: { stop_first: stopFirst } },
  );
}

export function useRestoreBackupMutation(instanceUuid: string) {
  return useMutation({
    mutationFn: (input: { id: string; stopFirst: boolean }) =>
      restoreBackup(instanceUuid, input.id, input.stopFirst),
  });
}
