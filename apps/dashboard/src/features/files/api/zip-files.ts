import { apiPaths } from '@hearth/protocol';
import type { ZipRequest } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/zip — answers at once; the archive is written in the background. */
export async function zipFiles(instanceUuid: string, request: ZipRequest): Promise<void> {
  await apiRequest(apiPaths.fsZip(instanceUuid), { method: 'PUT', body: request });
}
