import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { HistoryEntrySchema } from '@hearth/protocol';
import type { HistoryEntry } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import { macroListQueryOptions } from './query-keys.ts';

/** GET /instance/{id}/history/list: finished tasks, the latest first. */
export function getHistory(uuid: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return apiCall('historyList', { uuid }, { schema: z.array(HistoryEntrySchema), signal });
}

export function getHistoryQueryOptions(coreId: string | null, uuid: string) {
  return macroListQueryOptions(coreId, uuid, 'history', getHistory);
}

export function useHistory(uuid: string, enabled: boolean) {
  const core = useCurrentCore();
  return useQuery({ ...getHistoryQueryOptions(core ? coreKey(core) : null, uuid), enabled });
}
