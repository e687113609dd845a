import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { MacroEntrySchema } from '@hearth/protocol';
import type { MacroEntry } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { macroListQueryOptions } from './query-keys.ts';

/** GET /instance/{id}/macro/list: the instance's macros, sorted by name, with last_run. */
export function getMacros(uuid: string, signal?: AbortSignal): Promise<MacroEntry[]> {
  return apiCall('macroList', { uuid }, { schema: z.array(MacroEntrySchema), signal });
}

export function getMacrosQueryOptions(coreId: string | null, uuid: string) {
  return macroListQueryOptions(coreId, uuid, 'list', getMacros);
}

/** `enabled` is false without can_access_instance_macro: nothing is read then. */
export function useMacros(uuid: string, enabled: boolean) {
  const core = useCurrentCore();
  return useQuery({ ...getMacrosQueryOptions(core ? coreKey(core) : null, uuid), enabled });
}
