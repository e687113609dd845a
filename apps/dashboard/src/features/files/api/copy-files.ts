import type { CopyInstanceFileRequest } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/cpr — answers at once; the copy ends with an FSOperationCompleted event. */
export async function copyFiles(
  instanceUuid: string,
  request: CopyInstanceFileRequest,
): Promise<void> {
  await apiCall('fsCpr', { uuid: instanceUuid }, { body: request });
}
