import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { toUserMessage } from '@/lib/errors.ts';

/** POST /instance/:uuid/console with the command as a JSON string. */
export async function sendConsoleCommand(instanceUuid: string, command: string): Promise<void> {
  await apiRequest(apiPaths.instanceConsole(instanceUuid), { method: 'POST', body: command });
}

/** Sends a command; a failure becomes a toast (the command stays in the history to retry). */
export function useSendConsoleCommand(instanceUuid: string) {
  return useMutation({
    mutationFn: (command: string) => sendConsoleCommand(instanceUuid, command),
    onError: (err) => notify('error', toUserMessage(err)),
  });
}
