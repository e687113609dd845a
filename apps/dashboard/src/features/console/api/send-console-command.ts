import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { toUserMessage } from '@/lib/errors.ts';

/** POST /instance/:uuid/console with the command as a JSON string. */
export async function sendConsoleCommand(instanceUuid: string, command: string): Promise<void> {
  await apiCall('instanceConsole', { uuid: instanceUuid }, { body: command });
}

/** Sends a command; a failure becomes a toast (the command stays in the history to retry). */
export function useSendConsoleCommand(instanceUuid: string) {
  return useMutation({
    mutationFn: (command: string) => sendConsoleCommand(instanceUuid, command),
    onError: (err) => notify('error', toUserMessage(err)),
  });
}
