import { DOWNLOAD_TIMEOUT_DIRECTORY_MS, DOWNLOAD_TIMEOUT_FILE_MS } from '@hearth/protocol';
import type { ClientFile } from '@hearth/protocol';
import { apiCall, routeUrl } from '@/lib/api-client.ts';

/**
 * GET .../url → a download key; the file is then at `<base>/file/<key>` (a folder is zipped while it
 * is sent). Time-outs of dashboard.md §9: 5000 ms for a file, 60000 ms for a folder.
 */
export async function getDownloadUrl(
  instanceUuid: string,
  file: Pick<ClientFile, 'path' | 'file_type'>,
): Promise<string> {
  const timeoutMs =
    file.file_type === 'Directory' ? DOWNLOAD_TIMEOUT_DIRECTORY_MS : DOWNLOAD_TIMEOUT_FILE_MS;
  const key = await apiCall<'fsUrl', string>(
    'fsUrl',
    { uuid: instanceUuid, path: file.path },
    {
      responseType: 'text',
      timeoutMs,
    },
  );
  return routeUrl('download', { key: key.trim() });
}
