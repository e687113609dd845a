import { WEBHOOK_EVENTS, WEBHOOK_NAME_MAX } from '@hearth/protocol';
import type {
  WebhookCreateInput,
  WebhookEvent,
  WebhookKind,
  WebhookTarget,
  WebhookUpdate,
} from '@hearth/protocol';

export const KIND_LABELS: Record<WebhookKind, string> = {
  discord: 'Discord',
  slack: 'Slack-compatible',
  json: 'Generic JSON (signed)',
};

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  state: 'State changes',
  crash: 'Crashes and errors',
  players: 'Players joining and leaving',
  backups: 'Backups',
  schedules: 'Schedules',
  macro_failures: 'Macro failures',
  moderation: 'Player actions (kick, ban, op, whitelist)',
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
  if (name === '') errors.name = 'Name is required';
  else if (name.length > WEBHOOK_NAME_MAX)
    errors.name = `Name cannot be longer than ${WEBHOOK_NAME_MAX} characters`;
  const url = values.url.trim();
  if (creating && url === '') errors.url = 'URL is required';
  else if (url !== '' && !/^https?:\/\/[^\s/]+/i.test(url))
    errors.url = 'Use a full http:// or https:// address';
  if (values.events.length === 0) errors.events = 'Choose at least one event';
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
