import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import { coreQueryOptions } from '@/lib/api-queries.ts';
import { firstScreenParser } from '@/lib/first-screen-parsers.ts';
import { useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const warningsParser = firstScreenParser<string[]>((s) => s.WarningsSchema);

/** GET /system/warnings (Hearth, owner only): standing problems such as servers running unsandboxed. */
export function getCoreWarnings(core: CoreConnection, signal?: AbortSignal): Promise<string[]> {
  return apiCall('systemWarnings', {}, { core, schema: warningsParser, signal });
}

/** Asked only for the owner; a core without the route (Lodestone) simply has none to show. */
export function getCoreWarningsQueryOptions(core: CoreConnection | null, isOwner: boolean) {
  return { ...coreQueryOptions(['core-warnings'], core, isOwner, getCoreWarnings), retry: false };
}

export function useCoreWarnings(isOwner: boolean) {
  return useQuery(getCoreWarningsQueryOptions(useCurrentCore(), isOwner));
}
