import { z } from 'zod/mini';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientFileSchema, compareClientFiles } from '@hearth/protocol';
import type { ClientFile } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

const FileListSchema = z.array(ClientFileSchema);

/** GET /instance/:uuid/fs/:path/ls, sorted by the shared comparison (directories first, then name). */
export async function getFileList(
  instanceUuid: string,
  path: string,
  signal?: AbortSignal,
): Promise<ClientFile[]> {
  const files = await apiCall(
    'fsLs',
    { uuid: instanceUuid, path },
    { schema: FileListSchema, signal },
  );
  return files.sort(compareClientFiles);
}

/** dashboard.md §7 and §9: the list is not retried and not cached (refetched on every visit). */
export function getFileListQueryOptions(instanceUuid: string, path: string) {
  return queryOptions({
    queryKey: ['instance', instanceUuid, 'files', 'list', path] as const,
    queryFn: ({ signal }) => getFileList(instanceUuid, path, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useFileList(instanceUuid: string, path: string, enabled: boolean) {
  return useQuery({ ...getFileListQueryOptions(instanceUuid, path), enabled });
}
