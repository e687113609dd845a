import { z } from 'zod/mini';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { WebhookDeliverySchema, WebhookListSchema } from '@hearth/protocol';
import type { WebhookDelivery, WebhookList } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { coreKey } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';

/** GET /webhooks (owner only): the targets, URLs masked, and the private-targets switch. */
export function getWebhooks(core: CoreConnection, signal?: AbortSignal): Promise<WebhookList> {
  return apiCall('webhookList', {}, { core, schema: WebhookListSchema, signal });
}

export function getWebhooksQueryOptions(core: CoreConnection) {
  return queryOptions({
    queryKey: ['webhooks', coreKey(core)] as const,
    queryFn: ({ signal }) => getWebhooks(core, signal),
    // Deliveries happen in the background: the last status is polled while the page is open.
    refetchInterval: 5000,
  });
}

export function useWebhooks(core: CoreConnection) {
  return useQuery(getWebhooksQueryOptions(core));
}

const DeliveriesSchema = z.array(WebhookDeliverySchema);

/** GET /webhooks/:id/deliveries: the delivery log, newest first. */
export function getWebhookDeliveries(
  core: CoreConnection,
  id: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  return apiCall('webhookDeliveries', { id }, { core, schema: DeliveriesSchema, signal });
}

export function getWebhookDeliveriesQueryOptions(core: CoreConnection, id: string) {
  return queryOptions({
    queryKey: ['webhooks', coreKey(core), 'deliveries', id] as const,
    queryFn: ({ signal }) => getWebhookDeliveries(core, id, signal),
    refetchInterval: 3000,
  });
}

export function useWebhookDeliveries(core: CoreConnection, id: string) {
  return useQuery(getWebhookDeliveriesQueryOptions(core, id));
}
