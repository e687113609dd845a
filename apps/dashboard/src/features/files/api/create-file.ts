import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/:path/new — an empty file (the core refuses an existing name). */
export async function createFile(instanceUuid: string, path: string): Promise<void> {
  await apiCall('fsNew', { uuid: instanceUuid, path });
}

export function useCreateFileMutation(instanceUuid: string) {
  return useMutation({ mutationFn: (path: string) => createFile(instanceUuid, path) });
}
