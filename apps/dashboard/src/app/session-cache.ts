import type { QueryClient } from '@tanstack/react-query';
import { coreKey, subscribeSession } from '@/lib/session.ts';
import type { SessionState } from '@/lib/session.ts';

function identity(state: SessionState): { core: string | null; token: string | null } {
  const core = state.current ? `${state.current.protocol}://${coreKey(state.current)}` : null;
  return { core, token: state.current ? (state.tokens[coreKey(state.current)] ?? null) : null };
}

/**
 * Cached answers belong to one core and one user: when either changes, everything except the
 * per-core `/info` answers is reset (dashboard.md §4 "Token": caches are cleared), and
 * mounted queries fetch again for the new identity.
 */
export function bindSessionToQueryClient(queryClient: QueryClient): () => void {
  return subscribeSession((next, previous) => {
    const a = identity(next);
    const b = identity(previous);
    if (a.core === b.core && a.token === b.token) return;
    void queryClient.resetQueries({
      predicate: (query) =>
        query.queryKey[0] !== 'core-info' && query.queryKey[0] !== 'local-core-probe',
    });
  });
}
