import { z } from 'zod/mini';
import { useQuery } from '@tanstack/react-query';
import { PlayitTunnelInfoSchema } from '@hearth/protocol';
import type { PlayitTunnelInfo } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { playitQueryOptions } from './playit-queries.ts';

/** GET /playitgg/get_tunnels (owner only): the account's tunnels, as playit lists them. */
export async function getTunnels(
  core: CoreConnection,
  signal?: AbortSignal,
): Promise<PlayitTunnelInfo[]> {
  return apiCall(
    'playitTunnels',
    {},
    {
      core,
      schema: z.array(PlayitTunnelInfoSchema),
      timeoutMs: 15_000,
      signal,
    },
  );
}

export function getTunnelsQueryOptions(core: CoreConnection | null, enabled: boolean) {
  return playitQueryOptions('tunnels', core, enabled, getTunnels);
}

/** Fetched once the core is signed up (without a key the core answers 400). */
export function useTunnels(enabled: boolean) {
  const core = useCurrentCore();
  const token = useCurrentToken();
  return useQuery(getTunnelsQueryOptions(core, enabled && token !== null));
}
