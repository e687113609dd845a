import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BackupRecordSchema } from '@hearth/protocol';
import type { BackupRecord, UpdateBackupBody } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { getBackupsQueryOptions } from './get-backups.ts';

/** PUT /instance/:uuid/backups/:id — rename, lock or unlock. */
export function updateBackup(
  instanceUuid: string,
  backupId: string,
  body: UpdateBackupBody,
): Promise<BackupRecord> {
  return apiCall(
    'backupUpdate',
    { uuid: instanceUuid, backup: backupId },
    { body, schema: BackupRecordSchema },
  );
}

export function useUpdateBackupMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateBackupBody }) =>
      updateBackup(instanceUuid, input.id, input.body),
    onSuccess: (record) => {
      queryClient.setQueryData(getBackupsQueryOptions(instanceUuid).queryKey, (list) =>
        list?.map((b) => (b.id === record.id ? record : b)),
      );
    },
  });
}
