import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import type { RunnerStatus } from '../runner-status.ts';
import { getRunnerStatusQueryOptions } from './get-runner-status.ts';

/** POST /playitgg/start_cli (owner only; null, a no-op while running). */
export async function startRunner(core: CoreConnection): Promise<void> {
  // The core fetches the run data from playit before it answers.
  await apiCall('playitStart', {}, { core, timeoutMs: 20_000 });
}

/** dashboard.md §4: the toggle from Stopped sets Loading and calls start; events do the rest. */
export function useStartRunnerMutation() {
  const queryClient = useQueryClient();
  const keyOf = (core: CoreConnection) => getRunnerStatusQueryOptions(core, true).queryKey;
  return useMutation({
    mutationFn: (core: CoreConnection) => startRunner(core),
    onMutate: (core) => {
      queryClient.setQueryData<RunnerStatus>(keyOf(core), 'Loading');
    },
    onError: (_err, core) => {
      queryClient.setQueryData<RunnerStatus>(keyOf(core), 'Stopped');
    },
  });
}
