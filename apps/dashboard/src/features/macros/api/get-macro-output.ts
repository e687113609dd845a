import { queryOptions, useQuery } from '@tanstack/react-query';
import { MacroOutputSchema } from '@hearth/protocol';
import type { MacroOutput } from '@hearth/protocol';
import { apiCall, ApiError } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { macroKeys } from './query-keys.ts';

/**
 * GET /instance/{id}/macro/output/{pid} (Hearth, issue 23): what a task printed, running or
 * finished. null when the core has no such route (Lodestone keeps no macro output).
 */
export async function getMacroOutput(
  uuid: string,
  pid: number,
  signal?: AbortSignal,
): Promise<MacroOutput | null> {
  try {
    return await apiCall('macroOutput', { uuid, pid }, { schema: MacroOutputSchema, signal });
  } catch (err) {
    // A missing route answers 404 without Hearth's {kind,causes} body (an unknown pid has one).
    if (err instanceof ApiError && err.status === 404 && err.envelope === null) return null;
    throw err;
  }
}

export function getMacroOutputQueryOptions(coreId: string | null, uuid: string, pid: number) {
  return queryOptions({
    queryKey: [...macroKeys.instance(coreId, uuid), 'output', pid] as const,
    queryFn: ({ signal }) => getMacroOutput(uuid, pid, signal),
    // Read when the panel opens; a running task's lines then come from its socket.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useMacroOutput(uuid: string, pid: number) {
  const core = useCurrentCore();
  return useQuery(getMacroOutputQueryOptions(core ? coreKey(core) : null, uuid, pid));
}
