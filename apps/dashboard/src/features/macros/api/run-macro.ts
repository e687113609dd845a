import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MacroEntry } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { nowSeconds, withLastRun } from '../macro-cache.ts';
import { getMacrosQueryOptions } from './get-macros.ts';
import { getTasksQueryOptions } from './get-tasks.ts';

/** The core answers once the macro's module starts; a sandboxed Deno may take a few seconds. */
const RUN_TIMEOUT_MS = 35_000;

/** The Run Macro dialog's text as argv: split at whitespace, empty pieces dropped. */
export function splitArguments(text: string): string[] {
  return text.split(/\s+/).filter((arg) => arg !== '');
}

export interface RunMacroInput {
  name: string;
  /** The macro's `Deno.args` (dashboard.md §7 sends none; issue 23 #3 lets the user give them). */
  args: string[];
}

/** PUT /instance/{id}/macro/run/{name} with the arguments as a JSON list. */
export async function runMacro(uuid: string, { name, args }: RunMacroInput): Promise<void> {
  await apiCall('macroRun', { uuid, name }, { body: args, timeoutMs: RUN_TIMEOUT_MS });
}

/** dashboard.md §4: a run sets last_run to now and refreshes Running Tasks. */
export function useRunMacroMutation(uuid: string) {
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  const coreId = core ? coreKey(core) : null;
  return useMutation({
    mutationFn: (input: RunMacroInput) => runMacro(uuid, input),
    onSuccess: (_data, { name }) => {
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
