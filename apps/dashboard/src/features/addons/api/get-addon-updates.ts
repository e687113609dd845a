import { z } from 'zod/mini';
import { useMutation } from '@tanstack/react-query';
import { AddonUpdateSchema } from '@hearth/protocol';
import type { AddonUpdate } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';

const UpdateListSchema = z.array(AddonUpdateSchema);

/** GET /instance/:uuid/addons/updates: newer versions that fit, one call to Modrinth per kind. */
export function getAddonUpdates(instanceUuid: string): Promise<AddonUpdate[]> {
  return apiCall(
    'addonUpdates',
    { uuid: instanceUuid },
    { schema: UpdateListSchema, timeoutMs: 30_000 },
  );
}

/** A button press, not a query: checking asks Modrinth, so it happens only when asked. */
export function useCheckAddonUpdatesMutation(instanceUuid: string) {
  return useMutation({ mutationFn: () => getAddonUpdates(instanceUuid) });
}
