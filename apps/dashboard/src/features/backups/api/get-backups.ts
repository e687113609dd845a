import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { BackupRecordSchema } from '@hearth/protocol';
import type { BackupRecord } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { instanceQueryOptions } from '@/lib/api-queries.ts';

const BackupListSchema = z.array(BackupRecordSchema);

/** GET /instance/:uuid/backups, newest first. */
export async function getBackups(
  instanceUuid: string,
  signal?: AbortSignal,
): Promise<BackupRecord[]> {
  const list = await apiCall(
    'backupList',
    { uuid: instanceUuid },
    { schema: BackupListSchema, signal },
  );
  return list.sort((a, b) => b.created_at - a.created_at);
}

/** Kept current by backup progression events (use-backup-events.ts). */
export function getBackupsQueryOptions(instanceUuid: string) {
  return instanceQueryOptions(instanceUuid, ['backups', 'list'], getBackups);
}

export function useBackups(instanceUuid: string, enabled: boolean) {
  return useQuery({ ...getBackupsQueryOptions(instanceUuid), enabled });
}
