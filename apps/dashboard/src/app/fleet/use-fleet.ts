import { useQueries } from '@tanstack/react-query';
import type { InstanceInfo, PublicUser } from '@hearth/protocol';
import { useConnectionStatus } from '@/lib/connection-status.ts';
import { viewerOf } from '@/lib/permissions.ts';
import type { Viewer } from '@/lib/permissions.ts';
import { coreKey, sameCore, useSession } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { isUsableToken } from '@/lib/token.ts';
import { getUserInfoQueryOptions } from '@/features/auth/api/get-user-info.ts';
import { getCoreHostQueryOptions } from '@/features/connection/api/get-core-host.ts';
import type { CoreHost } from '@/features/connection/api/get-core-host.ts';
import { getCoreInfoQueryOptions } from '@/features/connection/api/get-core-info.ts';
import { getCoreWarningsQueryOptions } from '@/features/connection/api/get-core-warnings.ts';
import { getInstancesQueryOptions } from '@/features/instances/api/get-instances.ts';
import type { FleetCore } from '@/features/instances/fleet.ts';
import { getGlobalSettingsQueryOptions } from '@/features/settings/api/get-global-settings.ts';
import { socketDown, useFleetStreams } from './use-fleet-streams.ts';

/** How a core's section shows it. */
export type FleetCoreState = 'connecting' | 'connected' | 'down' | 'signed-out';

export interface FleetCoreView extends FleetCore {
  connection: CoreConnection;
  isCurrent: boolean;
  state: FleetCoreState;
  version: string | null;
  host: CoreHost | null;
  /** The public domain, else the address: what instance addresses are shown with. */
  gameHost: string;
  viewer: Viewer | undefined;
  user: PublicUser | undefined;
  instancesPending: boolean;
}

/**
 * Everything the fleet home shows about each saved core, each read from that core with its own
 * token (the same query options, so the same cache, as the single-core screens). A core that does
 * not answer is down; the others are not held up by it.
 */
export function useFleet(): FleetCoreView[] {
  const session = useSession();
  const { cores, current, tokens } = session;
  const currentStatus = useConnectionStatus();
  const sockets = useFleetStreams(cores, current, tokens);
  const signedIn = (core: CoreConnection) => {
    const token = tokens[coreKey(core)];
    return token !== undefined && isUsableToken(token);
  };
  const infos = useQueries({ queries: cores.map((c) => getCoreInfoQueryOptions(c)) });
  const hosts = useQueries({ queries: cores.map((c) => getCoreHostQueryOptions(c)) });
  const users = useQueries({
    queries: cores.map((c) => getUserInfoQueryOptions(c, signedIn(c))),
  });
  const lists = useQueries({
    queries: cores.map((c) => getInstancesQueryOptions(c, signedIn(c))),
  });
  const settings = useQueries({
    queries: cores.map((c) => getGlobalSettingsQueryOptions(c, signedIn(c))),
  });
  const warnings = useQueries({
    queries: cores.map((c, i) => getCoreWarningsQueryOptions(c, users[i]?.data?.is_owner === true)),
  });

  return cores.map((connection, i): FleetCoreView => {
    const key = coreKey(connection);
    const isCurrent = sameCore(connection, current);
    const info = infos[i];
    const list = lists[i];
    const user = users[i]?.data;
    const down =
      info?.isError === true || (isCurrent ? currentStatus === 'error' : socketDown(sockets[key]));
    const hasToken = signedIn(connection);
    const live = isCurrent ? currentStatus === 'success' : sockets[key] === 'open';
    const state: FleetCoreState = down
      ? 'down'
      : !hasToken
        ? 'signed-out'
        : live || (info?.isSuccess === true && list?.isSuccess === true)
          ? 'connected'
          : 'connecting';
    const instances: readonly InstanceInfo[] | null = list?.data ?? null;
    const domain = settings[i]?.data?.domain?.trim();
    return {
      key,
      name: info?.data?.core_name ?? key,
      instances,
      down,
      warnings: warnings[i]?.data ?? [],
      connection,
      isCurrent,
      state,
      version: info?.data?.version ?? null,
      host: hosts[i]?.data ?? null,
      gameHost: domain || connection.address,
      viewer: viewerOf(user, settings[i]?.data?.safe_mode),
      user,
      instancesPending: hasToken && list?.isPending === true,
    };
  });
}
