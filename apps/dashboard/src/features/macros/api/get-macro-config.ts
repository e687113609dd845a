import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { GetConfigResponseSchema } from '@hearth/protocol';
import type { GetConfigResponse } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { macroKeys } from './query-keys.ts';

/**
 * GET /instance/{id}/macro/config/get/{name}: the macro's declared settings with their stored
 * values; `error` is set when no valid stored config exists (the macro cannot run yet).
 */
export function getMacroConfig(
  uuid: string,
  name: string,
  signal?: AbortSignal,
): Promise<GetConfigResponse> {
  return apiCall('macroConfigGet', { uuid, name }, { schema: GetConfigResponseSchema, signal });
}

/** Read afresh at every opening of the dialog: the file may have changed meanwhile. */
export function getMacroConfigQueryOptions(
  coreId: string | null,
  uuid: string,
  name: string | null,
) {
  return queryOptions({
    queryKey: [...macroKeys.instance(coreId, uuid), 'config', name] as const,
    queryFn: name === null ? skipToken : ({ signal }) => getMacroConfig(uuid, name, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** The config of the macro whose dialog is open (`name` null: none). */
export function useMacroConfig(uuid: string, name: string | null) {
  const core = useCurrentCore();
  return useQuery(getMacroConfigQueryOptions(core ? coreKey(core) : null, uuid, name));
}
