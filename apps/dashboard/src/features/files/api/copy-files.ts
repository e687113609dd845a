import { apiPaths } from '@hearth/protocol';
import type { CopyInstanceFileRequest } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/cpr — answers at once; the copy ends with an FSOperationCompleted event. */
export async function copyFiles(
  instanceUuid: string,
  request: CopyInstanceFileRequest,
): Promise<void> {
  await apiRequest(apiPaths.fsCpr(instanceUuid), { method: 'PUT', body: request });
}
