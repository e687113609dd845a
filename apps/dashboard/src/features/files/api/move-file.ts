import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/:from/move/:to — `to` is the full new path (renames and cut + paste). */
export async function moveFile(instanceUuid: string, from: string, to: string): Promise<void> {
  await apiRequest(apiPaths.fsMove(instanceUuid, from, to), { method: 'PUT' });
}

export function useMoveFileMutation(instanceUuid: string) {
  return useMutation({
    mutationFn: (input: { from: string; to: string }) =>
      moveFile(instanceUuid, input.from, input.to),
  });
}
