import { WEBHOOK_EVENTS, WEBHOOK_NAME_MAX } from '@hearth/protocol';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type {
  WebhookCreateInput,
  WebhookEvent,
  WebhookKind,
  WebhookTarget,
  WebhookUpdate,
} from '@hearth/protocol';

/** A target's type, shown with `i18n._`. */
export const KIND_LABELS: Record<WebhookKind, MessageDescriptor> = {
  discord: msg`Discord`,
  slack: msg`Slack-compatible`,
  json: msg`Generic JSON (signed)`,
};

/** What a target hears, shown with `i18n._`. */
export const EVENT_LABELS: Record<WebhookEvent, MessageDescriptor> = {
  state: msg`State changes`,
  crash: msg`Crashes and errors`,
  players: msg`Players joining and leaving`,
  backups: msg`Backups`,
  schedules: msg`Schedules`,
  macro_failures: msg`Macro failures`,
  moderation: msg`Player actions (kick, ban, op, whitelist)`,
};

export interface WebhookFormValues {
  name: string;
  kind: WebhookKind;
  /** Empty when editing means "keep the stored URL" (the dashboard never sees it). */
  url: string;
  events: WebhookEvent[];
  /** Empty = every instance. */
  instances: string[];
  enabled: boolean;
}

export type WebhookFormErrors = Partial<Record<'name' | 'url' | 'events', string>>;

export function formValuesOf(target: WebhookTarget | null): WebhookFormValues {
  if (!target)
    return { name: '', kind: 'discord', url: '', events: ['crash'], instances: [], enabled: true };
  return {
    name: target.name,
    kind: target.kind,
    url: '',
    events: [...target.events],
    instances: [...(target.instance_uuids ?? [])],
    enabled: target.enabled,
  };
}

export function validateWebhookForm(
  values: WebhookFormValues,
  creating: boolean,
): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const name = values.name.trim();
  const max = WEBHOOK_NAME_MAX;
  if (name === '') errors.name = t`Name is required`;
  else if (name.length > max) errors.name = t`Name cannot be longer than ${max} characters`;
  const url = values.url.trim();
  if (creating && url === '') errors.url = t`URL is required`;
  else if (url !== '' && !/^https?:\/\/[^\s/]+/i.test(url))
    errors.url = t`Use a full http:// or https:// address`;
  if (values.events.length === 0) errors.events = t`Choose at least one event`;
  return errors;
}

/** The body of POST /webhooks. */
export function createBody(values: WebhookFormValues): WebhookCreateInput {
  return {
    name: values.name.trim(),
    kind: values.kind,
    url: values.url.trim(),
    events: WEBHOOK_EVENTS.filter((e) => values.events.includes(e)),
    instance_uuids: values.instances.length ? values.instances : null,
    enabled: values.enabled,
  };
}

/** The body of PUT /webhooks/:id: the URL only when a new one was typed. */
export function updateBody(values: WebhookFormValues): WebhookUpdate {
  const { url, ...rest } = createBody(values);
  return url === '' ? rest : { ...rest, url };
}
