import { z } from 'zod/mini';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BackupRecordSchema } from '@hearth/protocol';
import type { BackupRecord } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

const BackupListSchema = z.array(BackupRecordSchema);

/** GET /instance/:uuid/backups, newest first. */
export async function getBackups(
  instanceUuid: string,
  signal?: AbortSignal,
): Promise<BackupRecord[]> {
  const list = await apiCall(
    'backupList',
    { uuid: instanceUuid },
    { schema: BackupListSchema, ...(signal ? { signal } : {}) },
  );
  return list.sort((a, b) => b.created_at - a.created_at);
}

/** Kept current by backup progression events (use-backup-events.ts). */
export function getBackupsQueryOptions(instanceUuid: string) {
  return queryOptions({
    queryKey: ['instance', instanceUuid, 'backups', 'list'] as const,
    queryFn: ({ signal }) => getBackups(instanceUuid, signal),
  });
}

export function useBackups(instanceUuid: string, enabled: boolean) {
  return useQuery({ ...getBackupsQueryOptions(instanceUuid), enabled });
}
