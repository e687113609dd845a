import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BackupSettingsSchema } from '@hearth/protocol';
import type { BackupSettings, BackupSettingsPatch } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { instanceQueryOptions } from '@/lib/api-queries.ts';

/** GET /instance/:uuid/backup_settings: excludes (gitignore text) and retention. */
export function getBackupSettings(instanceUuid: string, signal?: AbortSignal) {
  return apiCall(
    'backupSettings',
    { uuid: instanceUuid },
    { schema: BackupSettingsSchema, signal },
  );
}

export function getBackupSettingsQueryOptions(instanceUuid: string) {
  return instanceQueryOptions(instanceUuid, ['backups', 'settings'], getBackupSettings);
}

export function useBackupSettings(instanceUuid: string, enabled: boolean) {
  return useQuery({ ...getBackupSettingsQueryOptions(instanceUuid), enabled });
}

/** PUT /instance/:uuid/backup_settings with the parts that change. */
export function updateBackupSettings(
  instanceUuid: string,
  patch: BackupSettingsPatch,
): Promise<BackupSettings> {
  return apiCall(
    'backupSettingsUpdate',
    { uuid: instanceUuid },
    { body: patch, schema: BackupSettingsSchema },
  );
}

export function useUpdateBackupSettingsMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: BackupSettingsPatch) => updateBackupSettings(instanceUuid, patch),
    onSuccess: (settings) =>
      queryClient.setQueryData(getBackupSettingsQueryOptions(instanceUuid).queryKey, settings),
  });
}
