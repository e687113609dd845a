import { z } from 'zod/mini';
import { queryOptions } from '@tanstack/react-query';
import { ClientEventSchema } from '@hearth/protocol';
import type { ClientEvent } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const ConsoleBufferSchema = z.array(ClientEventSchema);

/** GET /instance/:uuid/console/buffer — the core's last 1024 console events, oldest first. */
export async function getConsoleBuffer(
  core: CoreConnection,
  instanceUuid: string,
  signal?: AbortSignal,
): Promise<ClientEvent[]> {
  return apiCall(
    'consoleBuffer',
    { uuid: instanceUuid },
    { core, schema: ConsoleBufferSchema, signal },
  );
}

/**
 * Fetched afresh whenever a console opens or reconnects (never served from cache, not kept
 * after): the lines themselves live in the console's own bounded log.
 */
export function getConsoleBufferQueryOptions(core: CoreConnection, instanceUuid: string) {
  return queryOptions({
    queryKey: ['console', 'buffer', coreKey(core), instanceUuid] as const,
    queryFn: ({ signal }) => getConsoleBuffer(core, instanceUuid, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
