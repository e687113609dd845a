import { useQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { PublicUser } from '@hearth/protocol';
import { apiCall, ApiError } from '@/lib/api-client.ts';
import { coreQueryOptions } from '@/lib/api-queries.ts';
import { firstScreenParser } from '@/lib/first-screen-parsers.ts';
import { getToken, setToken, useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { notify } from '@/lib/toast.ts';
import { isUsableToken } from '@/lib/token.ts';

const userInfoParser = firstScreenParser<PublicUser>((s) => s.PublicUserSchema);

export const INVALID_TOKEN_TOAST_ID = 'token-problem';

/** GET /user/info. An `Unauthorized` answer means the token is dead: it is dropped (dashboard.md §4). */
export async function getUserInfo(core: CoreConnection, signal?: AbortSignal): Promise<PublicUser> {
  const token = getToken(core);
  try {
    return await apiCall('userInfo', {}, { core, token, schema: userInfoParser, signal });
  } catch (err) {
    if (
      err instanceof ApiError &&
      err.kind === 'Unauthorized' &&
      token !== null &&
      getToken(core) === token
    ) {
      notify('error', t`Invalid token`, { id: INVALID_TOKEN_TOAST_ID });
      setToken(core, null);
    }
    throw err;
  }
}

/** `hasToken`: a usable token exists for `core` (no call is made for a guest). */
export function getUserInfoQueryOptions(core: CoreConnection | null, hasToken: boolean) {
  return coreQueryOptions(['user', 'info'], core, hasToken, getUserInfo);
}

/** The signed-in user of the current core; `data` is undefined for a guest. */
export function useCurrentUser() {
  const core = useCurrentCore();
  const token = useCurrentToken();
  return useQuery(getUserInfoQueryOptions(core, token !== null && isUsableToken(token)));
}
