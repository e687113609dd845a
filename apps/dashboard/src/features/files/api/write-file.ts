import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import { parentPath } from '../model/file-path.ts';
import { getFileListQueryOptions } from './get-file-list.ts';
import { getFileContentQueryOptions } from './read-file.ts';

/** PUT /instance/:uuid/fs/:path/write with the content as the raw body (written atomically by the core). */
export async function writeFile(
  instanceUuid: string,
  path: string,
  content: string,
): Promise<void> {
  await apiCall(
    'fsWrite',
    { uuid: instanceUuid, path },
    { rawBody: new Blob([content], { type: 'text/plain;charset=utf-8' }) },
  );
}

/**
 * Saves, makes the saved text the editor's new original, and lists the folder again: the file's
 * size and modified time changed.
 */
export function useWriteFileMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { path: string; content: string }) =>
      writeFile(instanceUuid, input.path, input.content),
    onSuccess: (_data, input) => {
      queryClient.setQueryData(
        getFileContentQueryOptions(instanceUuid, input.path).queryKey,
        input.content,
      );
      void queryClient.invalidateQueries({
        queryKey: getFileListQueryOptions(instanceUuid, parentPath(input.path)).queryKey,
      });
    },
  });
}
