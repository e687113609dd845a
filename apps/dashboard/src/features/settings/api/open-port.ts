import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import type { CoreConnection } from '@/lib/session.ts';

/** UPnP asks the gateway and can take a while; longer than the default 5 s. */
const OPEN_PORT_TIMEOUT_MS = 30_000;

/** PUT /gateway/open_port/:port (owner only; null). */
export async function openPort(core: CoreConnection, port: number): Promise<void> {
  await apiCall('openPort', { port }, { core, timeoutMs: OPEN_PORT_TIMEOUT_MS });
}

export function useOpenPortMutation() {
  return useMutation({
    mutationFn: (input: { core: CoreConnection; port: number }) => openPort(input.core, input.port),
  });
}
