import { useQuery } from '@tanstack/react-query';
import type { InstanceInfo } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreQueryOptions } from '@/lib/api-queries.ts';
import { firstScreenParser } from '@/lib/first-screen-parsers.ts';
import { useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { isUsableToken } from '@/lib/token.ts';

const instanceListParser = firstScreenParser<InstanceInfo[]>((s) => s.InstanceListSchema);

/** GET /instance/list: the instances this user may view. */
export function getInstances(core: CoreConnection, signal?: AbortSignal): Promise<InstanceInfo[]> {
  return apiCall('instanceList', {}, { core, schema: instanceListParser, signal });
}

/** Kept live by the event stream (instance-event-sync.ts), so it is fetched once per core. */
export function getInstancesQueryOptions(core: CoreConnection | null, hasToken: boolean) {
  return coreQueryOptions(['instances'], core, hasToken, getInstances);
}

export function useInstances() {
  const core = useCurrentCore();
  const token = useCurrentToken();
  return useQuery(getInstancesQueryOptions(core, token !== null && isUsableToken(token)));
}
