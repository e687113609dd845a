import { useMutation } from '@tanstack/react-query';
import { ApiError, apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import type { InstanceAction } from '../instance-actions.ts';

// PUT /instance/{id}/start | stop | restart | kill (dashboard.md §7): four endpoints of one shape.
// The new state arrives as StateTransition events, which update the list.

const ROUTES = {
  start: 'instanceStart',
  stop: 'instanceStop',
  restart: 'instanceRestart',
  kill: 'instanceKill',
} as const satisfies Record<InstanceAction, string>;

/** Starting a big server can take a while before the core answers. */
const CONTROL_TIMEOUT_MS = 30_000;

/**
 * A Lodestone core kills the process, reports Stopped by event, then answers this 500 anyway
 * (core-api.md §1.4.8 "Kill quirk"): that answer means the kill worked.
 */
export const LODESTONE_KILL_QUIRK = 'Process not available, assuming instance is stopped';

function isKillQuirk(err: unknown): boolean {
  return err instanceof ApiError && err.status === 500 && err.causes.includes(LODESTONE_KILL_QUIRK);
}

/** `core`: an instance of another saved core (the fleet home); the current core by default. */
export async function controlInstance(
  uuid: string,
  action: InstanceAction,
  core?: CoreConnection,
): Promise<void> {
  try {
    await apiCall(
      ROUTES[action],
      { uuid },
      { timeoutMs: CONTROL_TIMEOUT_MS, ...(core ? { core } : {}) },
    );
  } catch (err) {
    if (action === 'kill' && isKillQuirk(err)) return;
    throw err;
  }
}

export function useControlInstanceMutation() {
  return useMutation({
    mutationFn: (input: { uuid: string; action: InstanceAction; core?: CoreConnection }) =>
      controlInstance(input.uuid, input.action, input.core),
  });
}
