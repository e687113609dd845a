import type { UnzipOption } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/:path/unzip with the mode — answers at once; extraction runs in the background. */
export async function unzipFile(
  instanceUuid: string,
  path: string,
  option: UnzipOption,
): Promise<void> {
  await apiCall('fsUnzip', { uuid: instanceUuid, path }, { body: option });
}
