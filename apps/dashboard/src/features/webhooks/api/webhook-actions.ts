import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WebhookDeliverySchema } from '@hearth/protocol';
import type { WebhookDelivery } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getWebhookDeliveriesQueryOptions, getWebhooksQueryOptions } from './get-webhooks.ts';

/** DELETE /webhooks/:id */
export async function deleteWebhook(core: CoreConnection, id: string): Promise<void> {
  await apiCall('webhookDelete', { id }, { core });
}

/** POST /webhooks/:id/test: one delivery now; answers its outcome (the core waits up to ~11 s). */
export function testWebhook(core: CoreConnection, id: string): Promise<WebhookDelivery> {
  return apiCall('webhookTest', { id }, { core, schema: WebhookDeliverySchema, timeoutMs: 20_000 });
}

/** PUT /webhooks/settings/private_targets with a JSON boolean. */
export async function setPrivateTargets(core: CoreConnection, allow: boolean): Promise<void> {
  await apiCall('webhookPrivateTargets', {}, { core, body: allow });
}

export function useDeleteWebhookMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; id: string }) =>
      deleteWebhook(input.core, input.id),
    invalidates: (input) => [getWebhooksQueryOptions(input.core)],
  });
}

export function useTestWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { core: CoreConnection; id: string }) => testWebhook(input.core, input.id),
    onSettled: async (_data, _err, input) => {
      await queryClient.invalidateQueries({
        queryKey: getWebhooksQueryOptions(input.core).queryKey,
      });
      await queryClient.invalidateQueries({
        queryKey: getWebhookDeliveriesQueryOptions(input.core, input.id).queryKey,
      });
    },
  });
}

export function useSetPrivateTargetsMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: { core: CoreConnection; allow: boolean }) =>
      setPrivateTargets(input.core, input.allow),
    invalidates: (input) => [getWebhooksQueryOptions(input.core)],
  });
}
