import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AddonSearchPageSchema, addonSearchQuery } from '@hearth/protocol';
import type { AddonKind, AddonSearchPage } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

export interface AddonSearch {
  text: string;
  kind: AddonKind;
}

/** GET /instance/:uuid/addons/search: the core asks Modrinth, filtered for this instance. */
export function searchAddons(
  instanceUuid: string,
  search: AddonSearch,
  signal?: AbortSignal,
): Promise<AddonSearchPage> {
  return apiCall(
    'addonSearch',
    { uuid: instanceUuid },
    {
      query: addonSearchQuery(search),
      schema: AddonSearchPageSchema,
      // The core waits on Modrinth: more than the default 5 s may pass on a slow link.
      timeoutMs: 20_000,
      ...(signal ? { signal } : {}),
    },
  );
}

export function searchAddonsQueryOptions(instanceUuid: string, search: AddonSearch) {
  return queryOptions({
    queryKey: ['instance', instanceUuid, 'addons', 'search', search.kind, search.text] as const,
    queryFn: ({ signal }) => searchAddons(instanceUuid, search, signal),
  });
}

/** Null: nothing searched yet. */
export function useAddonSearch(instanceUuid: string, search: AddonSearch | null) {
  return useQuery({
    ...searchAddonsQueryOptions(instanceUuid, search ?? { text: '', kind: 'mod' }),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
}
