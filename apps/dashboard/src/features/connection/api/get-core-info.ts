import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { CoreInfo } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { firstScreenParser } from '@/lib/first-screen-parsers.ts';
import { coreKey, useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const coreInfoParser = firstScreenParser<CoreInfo>((s) => s.CoreInfoSchema);

/** GET /info (unauthenticated). */
export function getCoreInfo(
  core: CoreConnection,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<CoreInfo> {
  return apiCall('info', {}, { core, auth: 'none', schema: coreInfoParser, ...options });
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
