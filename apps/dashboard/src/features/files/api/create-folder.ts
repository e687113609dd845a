import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/:path/mkdir (the core refuses an existing folder). */
export async function createFolder(instanceUuid: string, path: string): Promise<void> {
  await apiRequest(apiPaths.fsMkdir(instanceUuid, path), { method: 'PUT' });
}

export function useCreateFolderMutation(instanceUuid: string) {
  return useMutation({ mutationFn: (path: string) => createFolder(instanceUuid, path) });
}
