import { queryOptions, skipToken } from '@tanstack/react-query';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

/**
 * The options of a read of the core's playit state, keyed `['playitgg', core, part]`. It waits
 * (skipToken) while no core is chosen or `enabled` is false (not the owner, not signed in, not
 * signed up yet).
 */
export function playitQueryOptions<const TPart extends string, TData>(
  part: TPart,
  core: CoreConnection | null,
  enabled: boolean,
  read: (core: CoreConnection, signal: AbortSignal) => Promise<TData>,
) {
  return queryOptions({
    queryKey: ['playitgg', core ? coreKey(core) : null, part] as const,
    queryFn: core && enabled ? ({ signal }) => read(core, signal) : skipToken,
  });
}
