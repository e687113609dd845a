import type { ZipRequest } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/zip — answers at once; the archive is written in the background. */
export async function zipFiles(instanceUuid: string, request: ZipRequest): Promise<void> {
  await apiCall('fsZip', { uuid: instanceUuid }, { body: request });
}
