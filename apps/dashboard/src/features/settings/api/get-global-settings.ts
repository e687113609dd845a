import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { GlobalSettingsData } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { firstScreenParser } from '@/lib/first-screen-parsers.ts';
import { coreKey, useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const globalSettingsParser = firstScreenParser<GlobalSettingsData>(
  (s) => s.GlobalSettingsDataSchema,
);

/** GET /global_settings (any signed-in user). */
export function getGlobalSettings(
  core: CoreConnection,
  signal?: AbortSignal,
): Promise<GlobalSettingsData> {
  return apiCall(
    'globalSettings',
    {},
    { core, schema: globalSettingsParser, ...(signal ? { signal } : {}) },
  );
}

export function getGlobalSettingsQueryOptions(core: CoreConnection | null, hasToken: boolean) {
  return queryOptions({
    queryKey: ['global-settings', core ? coreKey(core) : null] as const,
    queryFn: core && hasToken ? ({ signal }) => getGlobalSettings(core, signal) : skipToken,
  });
}

export function useGlobalSettings() {
  const core = useCurrentCore();
  const token = useCurrentToken();
  return useQuery(getGlobalSettingsQueryOptions(core, token !== null));
}
