import { useQuery } from '@tanstack/react-query';
import { PlayitFlagSchema } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import type { RunnerStatus } from '../runner-status.ts';
import { playitQueryOptions } from './playit-queries.ts';

/**
 * GET /playitgg/cli_is_running (owner only; bool). The core says running or not; runner events
 * tell Loading from Started afterwards (dashboard.md §4: the `['playitgg','status']` cache).
 */
export async function getRunnerStatus(
  core: CoreConnection,
  signal?: AbortSignal,
): Promise<RunnerStatus> {
  const running = await apiCall('playitIsRunning', {}, { core, schema: PlayitFlagSchema, signal });
  return running ? 'Started' : 'Stopped';
}

export function getRunnerStatusQueryOptions(core: CoreConnection | null, enabled: boolean) {
  return playitQueryOptions('status', core, enabled, getRunnerStatus);
}

export function useRunnerStatus(enabled: boolean) {
  const core = useCurrentCore();
  const token = useCurrentToken();
  return useQuery(getRunnerStatusQueryOptions(core, enabled && token !== null));
}
