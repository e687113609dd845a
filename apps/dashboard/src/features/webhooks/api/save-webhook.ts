import { WebhookSavedSchema } from '@hearth/protocol';
import type { WebhookCreateInput, WebhookSaved, WebhookUpdate } from '@hearth/protocol';
import { apiCall } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/api-queries.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getWebhooksQueryOptions } from './get-webhooks.ts';

// The core resolves the target's host before it answers (the SSRF guard), so these may take
// longer than the usual 5 s.
const SAVE_TIMEOUT_MS = 20_000;

/** POST /webhooks: answers the target (masked) and, for a signed target, its secret — once. */
export function createWebhook(
  core: CoreConnection,
  body: WebhookCreateInput,
): Promise<WebhookSaved> {
  return apiCall(
    'webhookCreate',
    {},
    { core, body, schema: WebhookSavedSchema, timeoutMs: SAVE_TIMEOUT_MS },
  );
}

/** PUT /webhooks/:id with only what changed (a missing URL keeps the stored one). */
export function updateWebhook(
  core: CoreConnection,
  id: string,
  body: WebhookUpdate,
): Promise<WebhookSaved> {
  return apiCall(
    'webhookUpdate',
    { id },
    { core, body, schema: WebhookSavedSchema, timeoutMs: SAVE_TIMEOUT_MS },
  );
}

export type SaveWebhookInput =
  | { core: CoreConnection; id: null; body: WebhookCreateInput }
  | { core: CoreConnection; id: string; body: WebhookUpdate };

export function useSaveWebhookMutation() {
  return useInvalidatingMutation({
    mutationFn: (input: SaveWebhookInput) =>
      input.id === null
        ? createWebhook(input.core, input.body)
        : updateWebhook(input.core, input.id, input.body),
    invalidates: (input) => [getWebhooksQueryOptions(input.core)],
  });
}
