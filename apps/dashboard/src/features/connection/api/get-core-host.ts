import { queryOptions, skipToken } from '@tanstack/react-query';
import { SystemCpuSchema, SystemDiskSchema, SystemRamSchema } from '@hearth/protocol';
import type { SystemCpu, SystemDisk, SystemRam } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

export interface CoreHost {
  cpu: SystemCpu;
  ram: SystemRam;
  disk: SystemDisk;
}

/** GET /system/cpu, /system/ram and /system/disk (unauthenticated): the core's machine. */
export async function getCoreHost(core: CoreConnection, signal?: AbortSignal): Promise<CoreHost> {
  const options = { core, auth: 'none' as const, signal };
  const [cpu, ram, disk] = await Promise.all([
    apiCall('systemCpu', {}, { ...options, schema: SystemCpuSchema }),
    apiCall('systemRam', {}, { ...options, schema: SystemRamSchema }),
    apiCall('systemDisk', {}, { ...options, schema: SystemDiskSchema }),
  ]);
  return { cpu, ram, disk };
}

/** Read again every 15 s: the fleet home's host figures are a glance, not a monitor. */
const HOST_REFRESH_MS = 15_000;

export function getCoreHostQueryOptions(core: CoreConnection | null) {
  return queryOptions({
    queryKey: ['core-host', core ? `${core.protocol}://${coreKey(core)}` : null] as const,
    queryFn: core ? ({ signal }) => getCoreHost(core, signal) : skipToken,
    refetchInterval: HOST_REFRESH_MS,
    retry: false,
  });
}
