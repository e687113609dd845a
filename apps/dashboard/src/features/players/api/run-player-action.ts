import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlayerActionResultSchema, apiPaths } from '@hearth/protocol';
import type { PlayerAction, PlayerActionResult } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';
import { getPlayerListsQueryOptions } from './get-player-lists.ts';

/**
 * The core waits up to 2 s for a running server's files to show a command's effect; this leaves
 * room for that on a slow link.
 */
const ACTION_TIMEOUT_MS = 10_000;

/** POST /instance/:uuid/players/action: one kick, ban, pardon, op, deop or whitelist change. */
export function runPlayerAction(
  instanceUuid: string,
  action: PlayerAction,
): Promise<PlayerActionResult> {
  return apiRequest(apiPaths.playerAction(instanceUuid), {
    method: 'POST',
    body: action,
    schema: PlayerActionResultSchema,
    timeoutMs: ACTION_TIMEOUT_MS,
  });
}

export function usePlayerActionMutation(instanceUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PlayerAction) => runPlayerAction(instanceUuid, action),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: getPlayerListsQueryOptions(instanceUuid).queryKey,
      }),
  });
}
