import type { QueryClient } from '@tanstack/react-query';
import { getSession, getToken } from '@/lib/session.ts';
import { isUsableToken } from '@/lib/token.ts';
import { getUserInfoQueryOptions } from '@/features/auth/api/get-user-info.ts';
import { getCoreInfoQueryOptions } from '@/features/connection/api/get-core-info.ts';
import { getInstancesQueryOptions } from '@/features/instances/api/get-instances.ts';
import { getGlobalSettingsQueryOptions } from '@/features/settings/api/get-global-settings.ts';

/**
 * Asks the current core for what the first screen shows (the main layout and home: the core's
 * info, the user, the instance list, the settings), as soon as the code runs instead of once
 * React has drawn it: the answers travel while the first render happens. The screens' own
 * queries, with the same keys, take them over. A guest asks for the core's info only.
 */
export function prefetchFirstScreen(queryClient: QueryClient): void {
  const core = getSession().current;
  if (!core) return;
  void queryClient.prefetchQuery(getCoreInfoQueryOptions(core));
  const token = getToken(core);
  if (token === null || !isUsableToken(token)) return;
  void queryClient.prefetchQuery(getUserInfoQueryOptions(core, true));
  void queryClient.prefetchQuery(getInstancesQueryOptions(core, true));
  void queryClient.prefetchQuery(getGlobalSettingsQueryOptions(core, true));
}
