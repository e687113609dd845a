import { DOWNLOAD_TIMEOUT_FILE_MS } from '@hearth/protocol';
import { apiCall, routeUrl } from '@/lib/api-client.ts';

/** GET …/backups/:id/url → a download key bound to this user; the archive is at `/file/<key>`. */
export async function getBackupDownloadUrl(
  instanceUuid: string,
  backupId: string,
): Promise<string> {
  const key = await apiCall<'backupUrl', string>(
    'backupUrl',
    { uuid: instanceUuid, backup: backupId },
    {
      responseType: 'text',
      timeoutMs: DOWNLOAD_TIMEOUT_FILE_MS,
    },
  );
  return routeUrl('download', { key: key.trim() });
}
