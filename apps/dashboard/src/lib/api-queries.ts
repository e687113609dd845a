import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { coreKey } from './session.ts';
import type { CoreConnection } from './session.ts';

// The two skeletons every feature's api/ files share (conventions.md: one file per endpoint,
// fetcher + queryOptions + hook), written once so that an endpoint's file holds only what is its
// own: the route, the schema, the key and what a change makes stale.

/**
 * The options of a read of a whole core, keyed `[...scope, the core's key or null]`. It waits
 * (skipToken) while no core is chosen or `ready` is false (no token yet, not the owner…).
 * Options of its own (retry, staleTime…) are spread after it.
 */
export function coreQueryOptions<const TScope extends readonly string[], TData>(
  scope: TScope,
  core: CoreConnection | null,
  ready: boolean,
  read: (core: CoreConnection, signal: AbortSignal) => Promise<TData>,
) {
  return queryOptions({
    queryKey: [...scope, core ? coreKey(core) : null] as const,
    queryFn: core && ready ? ({ signal }) => read(core, signal) : skipToken,
  });
}

/**
 * The options of a read of one thing on a core (a user's sessions, a game's manifest), keyed
 * `[...scope, the core's key or null, id]`. It waits (skipToken) while no core is chosen or the
 * id is not known yet.
 */
export function coreItemQueryOptions<
  const TScope extends readonly string[],
  TId extends string | number,
  TData,
>(
  scope: TScope,
  core: CoreConnection | null,
  id: TId | null,
  read: (core: CoreConnection, id: TId, signal: AbortSignal) => Promise<TData>,
) {
  return queryOptions({
    queryKey: [...scope, core ? coreKey(core) : null, id] as const,
    queryFn: core && id !== null ? ({ signal }) => read(core, id, signal) : skipToken,
  });
}

/**
 * The options of a read of one instance on the current core, keyed `['instance', uuid, ...parts]`
 * (every query of an instance starts so, so one invalidation can reach all of them).
 */
export function instanceQueryOptions<const TParts extends readonly string[], TData>(
  uuid: string,
  parts: TParts,
  read: (uuid: string, signal: AbortSignal) => Promise<TData>,
) {
  return queryOptions({
    queryKey: ['instance', uuid, ...parts] as const,
    queryFn: ({ signal }) => read(uuid, signal),
  });
}

/** What a mutation makes stale: the options of those queries (their keys are read from them). */
type Invalidated = readonly { queryKey: QueryKey }[];

/**
 * A mutation whose only follow-up is to refetch what it changed: `invalidates` names those
 * queries by their getXQueryOptions (never a retyped key), refetched one after the other once it
 * succeeds; the mutation settles when they are. A mutation that writes the cache itself
 * (optimistic updates) or refetches whatever the outcome uses useMutation.
 */
export function useInvalidatingMutation<TInput, TData>(spec: {
  mutationFn: (input: TInput) => Promise<TData>;
  invalidates: (input: TInput) => Invalidated;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: spec.mutationFn,
    onSuccess: async (_data, input) => {
      for (const { queryKey } of spec.invalidates(input))
        await queryClient.invalidateQueries({ queryKey });
    },
  });
}
