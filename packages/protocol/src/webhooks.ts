import { z } from 'zod/mini';

// Hearth webhooks (issue 14): the owner's outbound notifications. A target's URL often carries a
// token (Discord, Slack), so the core keeps it and only ever answers with a masked form.

/** Discord (embeds), Slack-compatible (`text` + attachments), or a signed generic JSON POST. */
export const WebhookKindSchema = z.enum(['discord', 'slack', 'json']);
export type WebhookKind = z.infer<typeof WebhookKindSchema>;

/** What a target can be told about. */
export const WebhookEventSchema = z.enum([
  'state',
  'crash',
  'players',
  'backups',
  'schedules',
  'macro_failures',
  'moderation',
]);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
export const WEBHOOK_EVENTS = WebhookEventSchema.options;

export const WebhookDeliveryStatusSchema = z.enum([
  'queued',
  'retrying',
  'delivered',
  'failed',
  'dropped',
]);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.number(),
  /** Unix ms of the last change. */
  at: z.number(),
  /** The event, or `test` for "Send test". */
  event: z.union([WebhookEventSchema, z.literal('test')]),
  summary: z.string(),
  /** The instance the event was about (its name when it was sent); null for core-wide events and tests. */
  instance: z.nullable(z.object({ uuid: z.string(), name: z.nullable(z.string()) })),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number(),
  /** The HTTP status of the last attempt, null when none answered. */
  http_status: z.nullable(z.number()),
  message: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookTargetSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: WebhookKindSchema,
  /** Masked: scheme and host only; the full URL never leaves the core. */
  url: z.string(),
  events: z.array(WebhookEventSchema),
  /** Only events of these instances; null = every instance (and core-wide events). */
  instance_uuids: z.nullable(z.array(z.string())),
  enabled: z.boolean(),
  /** A generic JSON target signs its bodies (HMAC-SHA256) with a secret the core keeps. */
  signed: z.boolean(),
  created_at: z.number(),
  last_delivery: z.nullable(WebhookDeliverySchema),
  /** Deliveries waiting in this target's queue. */
  queued: z.number(),
  /** Deliveries dropped because this target's queue was full, since the target was made. */
  dropped: z.number(),
});
export type WebhookTarget = z.infer<typeof WebhookTargetSchema>;

export const WebhookListSchema = z.object({
  /** Off by default: targets on loopback, link-local and private networks are refused. */
  allow_private_targets: z.boolean(),
  targets: z.array(WebhookTargetSchema),
});
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WEBHOOK_NAME_MAX = 64;
export const WEBHOOK_URL_MAX = 2048;

export const WebhookCreateSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(WEBHOOK_NAME_MAX)),
  kind: WebhookKindSchema,
  url: z.string().check(z.trim(), z.minLength(1, 'URL is required'), z.maxLength(WEBHOOK_URL_MAX)),
  events: z.array(WebhookEventSchema).check(z.minLength(1, 'Choose at least one event')),
  instance_uuids: z.pipe(
    z.optional(z.nullable(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(500)))),
    z.transform((v) => v ?? null),
  ),
  enabled: z._default(z.optional(z.boolean()), true),
});
export type WebhookCreate = z.output<typeof WebhookCreateSchema>;
export type WebhookCreateInput = z.input<typeof WebhookCreateSchema>;

/** Every field optional; a missing `url` keeps the stored one. */
export const WebhookUpdateSchema = z.object({
  name: z.optional(
    z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(WEBHOOK_NAME_MAX)),
  ),
  kind: z.optional(WebhookKindSchema),
  url: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(WEBHOOK_URL_MAX))),
  events: z.optional(
    z.array(WebhookEventSchema).check(z.minLength(1, 'Choose at least one event')),
  ),
  instance_uuids: z.optional(
    z.nullable(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(500))),
  ),
  enabled: z.optional(z.boolean()),
  /** A new signing secret (answered once). */
  rotate_secret: z.optional(z.boolean()),
});
export type WebhookUpdate = z.output<typeof WebhookUpdateSchema>;

/** The answer to create and update: the target and, when one was made, its signing secret (once). */
export const WebhookSavedSchema = z.object({
  target: WebhookTargetSchema,
  secret: z.nullable(z.string()),
});
export type WebhookSaved = z.infer<typeof WebhookSavedSchema>;

/** Header names of a signed generic JSON delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-hearth-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-hearth-timestamp';
export const WEBHOOK_EVENT_HEADER = 'x-hearth-event';
