import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@hearth/protocol';
import type { MacroEntry } from '@hearth/protocol';
import { apiRequest } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { nowSeconds, withLastRun } from '../macro-cache.ts';
import { getMacrosQueryOptions } from './get-macros.ts';
import { getTasksQueryOptions } from './get-tasks.ts';

/** The core answers once the macro's module starts; a sandboxed Deno may take a few seconds. */
const RUN_TIMEOUT_MS = 35_000;

/** PUT /instance/{id}/macro/run/{name} with no arguments (dashboard.md §7). */
export async function runMacro(uuid: string, name: string): Promise<void> {
  await apiRequest(apiPaths.macroRun(uuid, name), {
    method: 'PUT',
    body: [],
    timeoutMs: RUN_TIMEOUT_MS,
  });
}

/** dashboard.md §4: a run sets last_run to now and refreshes Running Tasks. */
export function useRunMacroMutation(uuid: string) {
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  const coreId = core ? coreKey(core) : null;
  return useMutation({
    mutationFn: (name: string) => runMacro(uuid, name),
    onSuccess: (_data, name) => {
      queryClient.setQueryData<MacroEntry[]>(
        getMacrosQueryOptions(coreId, uuid).queryKey,
        (macros) => macros && withLastRun(macros, name, nowSeconds()),
      );
      return queryClient.invalidateQueries({
        queryKey: getTasksQueryOptions(coreId, uuid).queryKey,
      });
    },
  });
}
