import { z } from 'zod/mini';
import { TransferKeySchema } from '@hearth/protocol';
import type { TransferKey } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getInstancesQueryOptions } from './get-instances.ts';

/**
 * The target answers once the archive is pulled, checked and extracted (then it sets the instance
 * up with progression events): for a big world that is minutes.
 */
const TRANSFER_IN_TIMEOUT_MS = 15 * 60_000;

/** POST /instance/{id}/transfer on the source: a single-use key for the target. */
export function requestTransferKey(source: CoreConnection, uuid: string): Promise<TransferKey> {
  return apiCall(
    'instanceTransfer',
    { uuid },
    {
      core: source,
      schema: TransferKeySchema,
    },
  );
}

/** POST /instance/transfer-in on the target: it pulls the instance from `sourceUrl` itself. */
export function transferIn(
  target: CoreConnection,
  body: { source_url: string; key: string },
): Promise<string> {
  return apiCall(
    'instanceTransferIn',
    {},
    {
      core: target,
      body,
      schema: z.string(),
      timeoutMs: TRANSFER_IN_TIMEOUT_MS,
    },
  );
}

export interface MoveInstanceInput {
  source: CoreConnection;
  target: CoreConnection;
  uuid: string;
  /** The source core's address as the target reaches it. */
  sourceUrl: string;
}

/**
 * Issue 26: the browser only carries the key — the archive goes from core to core. Answers the
 * instance's uuid on the target; the source keeps its copy.
 */
export async function moveInstance(input: MoveInstanceInput): Promise<string> {
  const { key } = await requestTransferKey(input.source, input.uuid);
  return transferIn(input.target, { source_url: input.sourceUrl, key });
}

export function useMoveInstanceMutation() {
  return useInvalidatingMutation({
    mutationFn: moveInstance,
    invalidates: (input) => [getInstancesQueryOptions(input.target, true)],
  });
}
