import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';
import type { RunnerStatus } from '../runner-status.ts';
import { getRunnerStatusQueryOptions } from './get-runner-status.ts';

/** POST /playitgg/stop_cli (owner only; null, also when nothing runs). */
export async function stopRunner(core: CoreConnection): Promise<void> {
  await apiCall('playitStop', {}, { core, timeoutMs: 15_000 });
}

/** dashboard.md §4: otherwise the toggle stops and sets Stopped. */
export function useStopRunnerMutation() {
  const queryClient = useQueryClient();
  const keyOf = (core: CoreConnection) => getRunnerStatusQueryOptions(core, true).queryKey;
  return useMutation({
    mutationFn: (core: CoreConnection) => stopRunner(core),
    onMutate: (core) => {
      queryClient.setQueryData<RunnerStatus>(keyOf(core), 'Stopped');
    },
    // The core knows best when stopping failed.
    onError: (_err, core) => queryClient.invalidateQueries({ queryKey: keyOf(core) }),
  });
}
