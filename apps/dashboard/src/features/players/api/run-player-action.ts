import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlayerActionResultSchema } from '@hearth/protocol';
import type { PlayerAction, PlayerActionResult } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { notify } from '@/lib/toast.ts';
import { doneText } from '../player-actions.ts';
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
  return apiCall(
    'playerAction',
    { uuid: instanceUuid },
    { body: action, schema: PlayerActionResultSchema, timeoutMs: ACTION_TIMEOUT_MS },
  );
}

/**
 * Says what happened in a toast here, not in the caller: a kick removes the player's row (and its
 * menu) before the answer comes, and a caller's callbacks do not run once it is gone. Errors are
 * toasted too unless the caller shows them itself (`toastErrors: false`, a dialog).
 */
export function usePlayerActionMutation(
  instanceUuid: string,
  { toastErrors }: { toastErrors: boolean },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PlayerAction) => runPlayerAction(instanceUuid, action),
    onSuccess: (result, action) => notify('success', doneText(action, result)),
    onError: (err) => {
      if (toastErrors) notify('error', toUserMessage(err));
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: getPlayerListsQueryOptions(instanceUuid).queryKey,
      }),
  });
}
