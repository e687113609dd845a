import { useQuery } from '@tanstack/react-query';
import { PlayitFlagSchema } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { playitQueryOptions } from './playit-queries.ts';

/** POST /playitgg/verify_key (owner only): whether the core holds a key playit accepts. */
export async function verifyKey(core: CoreConnection, signal?: AbortSignal): Promise<boolean> {
  return apiCall(
    'playitVerify',
    {},
    {
      core,
      schema: PlayitFlagSchema, // The core asks playit, which may take longer than the default 5 s.
      timeoutMs: 15_000,
      signal,
    },
  );
}

/** The sign-up status: a query (it changes nothing), re-checked by Verify and the refresh icon. */
export function getSignedUpQueryOptions(core: CoreConnection | null, enabled: boolean) {
  return playitQueryOptions('signed-up', core, enabled, verifyKey);
}

export function useSignedUp(enabled: boolean) {
  const core = useCurrentCore();
  const token = useCurrentToken();
  return useQuery(getSignedUpQueryOptions(core, enabled && token !== null));
}
