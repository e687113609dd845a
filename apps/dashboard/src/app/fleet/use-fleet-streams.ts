import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { InstanceInfo } from '@hearth/protocol';
import { startCoreStream } from '@/lib/realtime/core-stream.ts';
import { useRealtimeHub } from '@/lib/realtime/realtime-hooks.ts';
import type { SocketStatus } from '@/lib/realtime/socket-hub.ts';
import { coreKey, sameCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { isUsableToken } from '@/lib/token.ts';
import { getCoreInfoQueryOptions } from '@/features/connection/api/get-core-info.ts';
import { getInstancesQueryOptions } from '@/features/instances/api/get-instances.ts';
import { applyInstanceEvent } from '@/features/instances/instance-list-events.ts';

/** Whether a fleet socket's status means the core cannot be reached now. */
export function socketDown(status: SocketStatus | undefined): boolean {
  return status === 'error' || status === 'closed' || status === 'create-failed';
}

/**
 * Keeps the instance list of every saved core but the current one live from that core's own event
 * socket (the current core has its stream already: one socket per core). Answers each socket's
 * status by core key. A socket that drops makes its core's /info be asked again, so a core that
 * went away shows as down, and one that comes back as up.
 */
export function useFleetStreams(
  cores: readonly CoreConnection[],
  current: CoreConnection | null,
  tokens: Readonly<Record<string, string>>,
): Readonly<Record<string, SocketStatus>> {
  const hub = useRealtimeHub();
  const queryClient = useQueryClient();
  const [statuses, setStatuses] = useState<Record<string, SocketStatus>>({});
  // One string for what the effect depends on, so a re-render with equal cores does not reopen.
  const wanted = cores
    .filter((core) => !sameCore(core, current))
    .map((core) => ({ core, token: tokens[coreKey(core)] }))
    .filter((c): c is { core: CoreConnection; token: string } =>
      c.token === undefined ? false : isUsableToken(c.token),
    );
  const signature = JSON.stringify(wanted);

  useEffect(() => {
    const streams = JSON.parse(signature) as { core: CoreConnection; token: string }[];
    const stops = streams.map(({ core, token }) => {
      const key = coreKey(core);
      const listKey = getInstancesQueryOptions(core, true).queryKey;
      return startCoreStream({
        hub,
        core,
        token,
        onEvent: (event) => {
          const list = queryClient.getQueryData<InstanceInfo[]>(listKey);
          if (!list) return;
          const next = applyInstanceEvent(list, event);
          if (next !== list) queryClient.setQueryData(listKey, next);
        },
        onStatus: (status) => {
          setStatuses((previous) => {
            // A retry after a drop stays "down" until a socket opens again (no flicker each second).
            const before = previous[key];
            const next = status === 'connecting' && before && socketDown(before) ? before : status;
            return before === next ? previous : { ...previous, [key]: next };
          });
          if (socketDown(status))
            void queryClient.invalidateQueries({
              queryKey: getCoreInfoQueryOptions(core).queryKey,
            });
        },
        onGap: () => {
          void queryClient.invalidateQueries({ queryKey: listKey });
          void queryClient.invalidateQueries({
            queryKey: getCoreInfoQueryOptions(core).queryKey,
          });
        },
      });
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [hub, queryClient, signature]);

  return statuses;
}
