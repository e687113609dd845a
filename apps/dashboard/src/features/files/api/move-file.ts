import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';

/** PUT /instance/:uuid/fs/:from/move/:to — `to` is the full new path (renames and cut + paste). */
export async function moveFile(instanceUuid: string, from: string, to: string): Promise<void> {
  await apiCall('fsMove', { uuid: instanceUuid, source: from, dest: to });
}

export function useMoveFileMutation(instanceUuid: string) {
  return useMutation({
    mutationFn: (input: { from: string; to: string }) =>
      moveFile(instanceUuid, input.from, input.to),
  });
}
