import { apiPaths } from '@hearth/protocol';
import type { UnzipOption } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/:path/unzip with the mode — answers at once; extraction runs in the background. */
export async function unzipFile(
  instanceUuid: string,
  path: string,
  option: UnzipOption,
): Promise<void> {
  await apiRequest(apiPaths.fsUnzip(instanceUuid, path), { method: 'PUT', body: option });
}
