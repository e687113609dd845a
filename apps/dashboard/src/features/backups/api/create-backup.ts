import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BackupRecordSchema } from '@hearth/protocol';
import type { BackupRecord, CreateBackupBody } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { getBackupsQueryOptions } from './get-backups.ts';

/** POST /instance/:uuid/backups — answers at once with the record in state Creating. */
export function createBackup(instanceUuid: string, body: CreateBackupBody): Promise<BackupRecord> {
  return apiCall('backupCreate', { uuid: instanceUuid }, { body, schema: BackupRecordSchema });
}

export function useCreateBackupMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBackupBody) => createBackup(instanceUuid, body),
    onSuccess: (record) => {
      queryClient.setQueryData(getBackupsQueryOptions(instanceUuid).queryKey, (list) =>
        list ? [record, ...list.filter((b) => b.id !== record.id)] : [record],
      );
    },
  });
}
