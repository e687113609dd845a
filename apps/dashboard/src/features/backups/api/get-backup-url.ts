import { DOWNLOAD_TIMEOUT_FILE_MS, apiPaths } from '@hearth/protocol';
import { apiRequest, apiUrl } from '@/lib/api-client.ts';

/** GET …/backups/:id/url → a download key bound to this user; the archive is at `/file/<key>`. */
export async function getBackupDownloadUrl(
  instanceUuid: string,
  backupId: string,
): Promise<string> {
  const key = await apiRequest<string>(apiPaths.backupUrl(instanceUuid, backupId), {
    responseType: 'text',
    timeoutMs: DOWNLOAD_TIMEOUT_FILE_MS,
  });
  return apiUrl(apiPaths.download(key.trim()));
}
