import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { CoreInfoSchema } from '@hearth/protocol';
import type { CoreInfo } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

/** GET /info (unauthenticated). */
export function getCoreInfo(
  core: CoreConnection,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<CoreInfo> {
  return apiCall('info', {}, { core, auth: 'none', schema: CoreInfoSchema, ...options });
}

/** Retried every 3 s while it fails, so a core that comes back is noticed. */
const RETRY_WHILE_FAILING_MS = 3000;

export function getCoreInfoQueryOptions(core: CoreConnection | null) {
  return queryOptions({
    queryKey: ['core-info', core ? `${core.protocol}://${coreKey(core)}` : null] as const,
    queryFn: core ? ({ signal }) => getCoreInfo(core, { signal }) : skipToken,
    refetchInterval: (query) => (query.state.status === 'error' ? RETRY_WHILE_FAILING_MS : false),
  });
}

/** /info of the current core. */
export function useCoreInfo() {
  const core = useCurrentCore();
  return useQuery(getCoreInfoQueryOptions(core));
}
