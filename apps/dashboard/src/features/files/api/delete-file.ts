import { apiPaths } from '@hearth/protocol';
import type { ClientFile } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/** DELETE .../rm for a file, .../rmdir (recursive) for a folder. */
export async function deleteFile(
  instanceUuid: string,
  file: Pick<ClientFile, 'path' | 'file_type'>,
): Promise<void> {
  const path =
    file.file_type === 'Directory'
      ? apiPaths.fsRmdir(instanceUuid, file.path)
      : apiPaths.fsRm(instanceUuid, file.path);
  await apiRequest(path, { method: 'DELETE' });
}
