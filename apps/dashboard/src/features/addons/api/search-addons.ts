import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AddonSearchPageSchema, addonSearchQuery, nextAddonSearchOffset } from '@hearth/protocol';
import type { AddonKind, AddonSearchPage } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

export interface AddonSearch {
  text: string;
  kind: AddonKind;
}

/**
 * GET /instance/:uuid/addons/search: the core asks Modrinth, filtered for this instance, for the
 * page of results that starts at `offset`.
 */
export function searchAddons(
  instanceUuid: string,
  search: AddonSearch,
  offset: number,
  signal?: AbortSignal,
): Promise<AddonSearchPage> {
  return apiCall(
    'addonSearch',
    { uuid: instanceUuid },
    {
      query: addonSearchQuery({ ...search, offset }),
      schema: AddonSearchPageSchema,
      // The core waits on Modrinth: more than the default 5 s may pass on a slow link.
      timeoutMs: 20_000,
      signal,
    },
  );
}

/** One search, its pages fetched one "Load more" at a time (Modrinth's `offset` and `total_hits`). */
export function searchAddonsQueryOptions(instanceUuid: string, search: AddonSearch) {
  return infiniteQueryOptions({
    queryKey: ['instance', instanceUuid, 'addons', 'search', search.kind, search.text] as const,
    queryFn: ({ signal, pageParam }) => searchAddons(instanceUuid, search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: AddonSearchPage) => nextAddonSearchOffset(last) ?? undefined,
  });
}

/** Null: nothing searched yet. */
export function useAddonSearch(instanceUuid: string, search: AddonSearch | null) {
  return useInfiniteQuery({
    ...searchAddonsQueryOptions(instanceUuid, search ?? { text: '', kind: 'mod' }),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
}
