import type { ClientFile } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

/** DELETE .../rm for a file, .../rmdir (recursive) for a folder. */
export async function deleteFile(
  instanceUuid: string,
  file: Pick<ClientFile, 'path' | 'file_type'>,
): Promise<void> {
  const route = file.file_type === 'Directory' ? 'fsRmdir' : 'fsRm';
  await apiCall(route, { uuid: instanceUuid, path: file.path });
}
