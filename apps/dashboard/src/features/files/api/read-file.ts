import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';

/** GET /instance/:uuid/fs/:path/read → the text (the core refuses binary and too-large files with 400). */
export async function readFile(
  instanceUuid: string,
  path: string,
  signal?: AbortSignal,
): Promise<string> {
  return apiCall<'fsRead', string>(
    'fsRead',
    { uuid: instanceUuid, path },
    { responseType: 'text', signal },
  );
}

/** Not cached (dashboard.md §9): opening a file always reads it again. */
export function getFileContentQueryOptions(instanceUuid: string, path: string) {
  return queryOptions({
    queryKey: ['instance', instanceUuid, 'files', 'content', path] as const,
    queryFn: ({ signal }) => readFile(instanceUuid, path, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useFileContent(instanceUuid: string, path: string | null) {
  return useQuery({
    ...getFileContentQueryOptions(instanceUuid, path ?? ''),
    enabled: path !== null,
  });
}
