import type { ClientEvent, InstanceState, PowerAction } from '@hearth/protocol';
import { badRequest } from '../../errors.ts';

export interface StateEventSource {
  /** Every event but console output. */
  subscribeGeneral(listener: (event: ClientEvent) => void): () => void;
}

/** How long a power step waits for its state (a modded server may take minutes to start). */
export const POWER_STEP_TIMEOUT_MS = 10 * 60_000;

export interface StateWait {
  reached: Promise<void>;
  cancel(): void;
}

/**
 * Listens (from now) for the state a power action ends in: start and restart → Running, stop and
 * kill → Stopped. Error fails; so does Stopped after a Starting of a start or restart (the server
 * exited while starting). Subscribe before acting so that no transition is missed.
 */
export function waitForPowerState(
  events: StateEventSource,
  instanceUuid: string,
  action: PowerAction,
  timeoutMs = POWER_STEP_TIMEOUT_MS,
): StateWait {
  const wanted: InstanceState = action === 'start' || action === 'restart' ? 'Running' : 'Stopped';
  let unsubscribe = () => undefined as void;
  let timer: NodeJS.Timeout | undefined;
  const reached = new Promise<void>((resolve, reject) => {
    let starting = false;
    const finish = (error: Error | null) => {
      clearTimeout(timer);
      unsubscribe();
      if (error) reject(error);
      else resolve();
    };
    unsubscribe = events.subscribeGeneral((event) => {
      const inner = event.event_inner;
      if (inner.type !== 'InstanceEvent' || inner.instance_uuid !== instanceUuid) return;
      const change = inner.instance_event_inner;
      if (change.type !== 'StateTransition') return;
      if (change.to === 'Starting') starting = true;
      if (change.to === wanted) finish(null);
      else if (change.to === 'Error') finish(badRequest('The instance ended in an error state'));
      else if (change.to === 'Stopped' && starting && wanted === 'Running')
        finish(badRequest('The instance stopped before it was running'));
    });
    timer = setTimeout(
      () =>
        finish(
          badRequest(
            `The instance was not ${wanted.toLowerCase()} after ${Math.round(timeoutMs / 60_000)} minutes`,
          ),
        ),
      timeoutMs,
    );
    timer.unref();
  });
  reached.catch(() => undefined);
  return {
    reached,
    cancel: () => {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
