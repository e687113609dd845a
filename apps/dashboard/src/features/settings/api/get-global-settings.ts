import { useQuery } from '@tanstack/react-query';
import type { GlobalSettingsData } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreQueryOptions } from '@/lib/api-queries.ts';
import { firstScreenParser } from '@/lib/first-screen-parsers.ts';
import { useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

const globalSettingsParser = firstScreenParser<GlobalSettingsData>(
  (s) => s.GlobalSettingsDataSchema,
);

/** GET /global_settings (any signed-in user). */
export function getGlobalSettings(
  core: CoreConnection,
  signal?: AbortSignal,
): Promise<GlobalSettingsData> {
  return apiCall('globalSettings', {}, { core, schema: globalSettingsParser, signal });
}

export function getGlobalSettingsQueryOptions(core: CoreConnection | null, hasToken: boolean) {
  return coreQueryOptions(['global-settings'], core, hasToken, getGlobalSettings);
}

export function useGlobalSettings() {
  const core = useCurrentCore();
  const token = useCurrentToken();
  return useQuery(getGlobalSettingsQueryOptions(core, token !== null));
}
