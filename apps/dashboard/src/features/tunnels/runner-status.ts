import type { ClientEvent } from '@hearth/protocol';

/** dashboard.md §4 Tunnelling runner. */
export type RunnerStatus = 'Started' | 'Loading' | 'Stopped';

/** The status a `PlayitggRunnerEvent` announces (core-api.md §2.4.6), or null for other events. */
export function runnerStatusOf(event: ClientEvent): RunnerStatus | null {
  const inner = event.event_inner;
  if (inner.type !== 'PlayitggRunnerEvent') return null;
  switch (inner.playitgg_runner_event_inner.type) {
    case 'RunnerStarted':
      return 'Started';
    case 'RunnerLoading':
      return 'Loading';
    case 'RunnerStopped':
      return 'Stopped';
  }
}

/**
 * The cached status after `event`. A live event says what the runner is now. The history replayed
 * when the stream starts is older than the status fetched from the core (which only knows running
 * or not), so it may only tell Loading from Started while the core says the runner runs.
 */
export function nextRunnerStatus(
  current: RunnerStatus | undefined,
  event: ClientEvent,
  fresh: boolean,
): RunnerStatus | undefined {
  const announced = runnerStatusOf(event);
  if (announced === null) return current;
  if (fresh) return announced;
  if (current === undefined) return current;
  const running = (s: RunnerStatus) => s !== 'Stopped';
  return running(current) === running(announced) ? announced : current;
}

/**
 * What the runner toggle does (dashboard.md §4): from Stopped it starts, unless the core is known
 * not to be signed up, which opens the setup dialog; otherwise it stops.
 */
export function toggleAction(
  status: RunnerStatus,
  signedUp: boolean | undefined,
): 'setup' | 'start' | 'stop' {
  if (status !== 'Stopped') return 'stop';
  return signedUp === false ? 'setup' : 'start';
}
