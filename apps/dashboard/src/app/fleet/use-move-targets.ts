import { useQueries } from '@tanstack/react-query';
import { formatHost } from '@hearth/protocol';
import { viewerOf } from '@/lib/permissions.ts';
import { coreKey, sameCore, useSession } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { isUsableToken } from '@/lib/token.ts';
import { getUserInfoQueryOptions } from '@/features/auth/api/get-user-info.ts';
import { getCoreInfoQueryOptions } from '@/features/connection/api/get-core-info.ts';
import { importAccessOf } from '@/features/instances/import-access.ts';
import type { MoveTarget } from '@/features/instances/components/move-instance.tsx';
import { getGlobalSettingsQueryOptions } from '@/features/settings/api/get-global-settings.ts';

/**
 * Where the current core's instances may move (issue 26): the other saved cores this browser is
 * signed in to, where the user may import (what arrives runs as the game: CreateInstance, and the
 * owner while that core's safe mode is on) — the target's own rule, read with the target's token.
 */
export function useMoveTargets(): MoveTarget[] {
  const { cores, current, tokens } = useSession();
  const others = cores.filter((core) => {
    const token = tokens[coreKey(core)];
    return !sameCore(core, current) && token !== undefined && isUsableToken(token);
  });
  const users = useQueries({ queries: others.map((c) => getUserInfoQueryOptions(c, true)) });
  const settings = useQueries({
    queries: others.map((c) => getGlobalSettingsQueryOptions(c, true)),
  });
  const infos = useQueries({ queries: others.map((c) => getCoreInfoQueryOptions(c)) });
  return others.flatMap((core, i) => {
    const viewer = viewerOf(users[i]?.data, settings[i]?.data?.safe_mode);
    if (!importAccessOf(viewer).allowed) return [];
    return [{ key: coreKey(core), name: infos[i]?.data?.core_name ?? coreKey(core), core }];
  });
}

/** A core's address as another core would reach it: its public domain, else its address. */
export function coreReachableUrl(core: CoreConnection, domain: string | null | undefined): string {
  const host = domain?.trim() || core.address;
  return `${core.protocol}://${formatHost(host)}:${core.port}`;
}
