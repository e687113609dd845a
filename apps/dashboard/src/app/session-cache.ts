import type { Query, QueryClient } from '@tanstack/react-query';
import { coreKey, subscribeSession } from '@/lib/session.ts';
import type { SessionState } from '@/lib/session.ts';

function identity(state: SessionState): { core: string | null; token: string | null } {
  const core = state.current ? `${state.current.protocol}://${coreKey(state.current)}` : null;
  return { core, token: state.current ? (state.tokens[coreKey(state.current)] ?? null) : null };
}

/** Answers about a core rather than a user: kept across sign-in and sign-out. */
const PER_CORE = new Set<unknown>(['core-info', 'local-core-probe', 'core-extensions']);

/**
 * Cached answers belong to one core and one user: when either changes, everything except the
 * per-core answers is reset (dashboard.md §4 "Token": caches are cleared), and mounted queries
 * fetch again for the new identity. Not on sign-out: this runs before React renders the guest
 * screens, so a refetch would still use the signed-in queries and call the core without a token
 * (issue 15 #4); the guest's own queries fetch when they mount.
 */
export function bindSessionToQueryClient(queryClient: QueryClient): () => void {
  return subscribeSession((next, previous) => {
    const a = identity(next);
    const b = identity(previous);
    if (a.core === b.core && a.token === b.token) return;
    const filters = { predicate: (query: Query) => !PER_CORE.has(query.queryKey[0]) };
    if (a.token === null && a.core === b.core) {
      for (const query of queryClient.getQueryCache().findAll(filters)) query.reset();
      return;
    }
    void queryClient.resetQueries(filters);
  });
}
