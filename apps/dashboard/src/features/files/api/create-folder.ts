import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/:path/mkdir (the core refuses an existing folder). */
export async function createFolder(instanceUuid: string, path: string): Promise<void> {
  await apiCall('fsMkdir', { uuid: instanceUuid, path });
}

export function useCreateFolderMutation(instanceUuid: string) {
  return useMutation({ mutationFn: (path: string) => createFolder(instanceUuid, path) });
}
