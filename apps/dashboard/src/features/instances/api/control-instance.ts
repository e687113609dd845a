import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';
import type { InstanceAction } from '../instance-actions.ts';

// PUT /instance/{id}/start | stop | restart | kill (dashboard.md §7): four endpoints of one shape.
// The new state arrives as StateTransition events, which update the list.

const PATHS: Record<InstanceAction, (uuid: string) => string> = {
  start: apiPaths.instanceStart,
  stop: apiPaths.instanceStop,
  restart: apiPaths.instanceRestart,
  kill: apiPaths.instanceKill,
};

/** Starting a big server can take a while before the core answers. */
const CONTROL_TIMEOUT_MS = 30_000;

export async function controlInstance(uuid: string, action: InstanceAction): Promise<void> {
  await apiRequest(PATHS[action](uuid), { method: 'PUT', timeoutMs: CONTROL_TIMEOUT_MS });
}

export function useControlInstanceMutation() {
  return useMutation({
    mutationFn: (input: { uuid: string; action: InstanceAction }) =>
      controlInstance(input.uuid, input.action),
  });
}
