import { describe, expect, it } from 'vitest';
import type { WebhookTarget } from '@hearth/protocol';
import { createBody, formValuesOf, updateBody, validateWebhookForm } from './webhook-form.ts';

const target: WebhookTarget = {
  id: 'WEBHOOK_1',
  name: 'Ops',
  kind: 'json',
  url: 'https://hooks.example/…',
  events: ['players', 'crash'],
  instance_uuids: ['INSTANCE_a'],
  enabled: false,
  signed: true,
  created_at: 1,
  last_delivery: null,
  queued: 0,
  dropped: 0,
};

describe('the webhook form', () => {
  it('starts empty for a new target and never holds a stored URL when editing', () => {
    expect(formValuesOf(null)).toMatchObject({
      name: '',
      url: '',
      events: ['crash'],
      enabled: true,
    });
    expect(formValuesOf(target)).toEqual({
      name: 'Ops',
      kind: 'json',
      url: '',
      events: ['players', 'crash'],
      instances: ['INSTANCE_a'],
      enabled: false,
    });
  });

  it('asks for a name, a URL when creating, and at least one event', () => {
    const values = { ...formValuesOf(null), events: [] };
    expect(validateWebhookForm(values, true)).toEqual({
      name: 'Name is required',
      url: 'URL is required',
      events: 'Choose at least one event',
    });
    expect(validateWebhookForm({ ...formValuesOf(target) }, false)).toEqual({});
    expect(validateWebhookForm({ ...formValuesOf(target), url: 'ftp://x' }, false).url).toBe(
      'Use a full http:// or https:// address',
    );
  });

  it('sends the events in a stable order, null for every instance, and keeps the URL unless retyped', () => {
    const values = { ...formValuesOf(target), instances: [] };
    expect(createBody({ ...values, url: ' https://h.example/x ' })).toEqual({
      name: 'Ops',
      kind: 'json',
      url: 'https://h.example/x',
      events: ['crash', 'players'],
      instance_uuids: null,
      enabled: false,
    });
    expect(updateBody(values)).not.toHaveProperty('url');
    expect(updateBody({ ...values, url: 'https://new.example/' }).url).toBe('https://new.example/');
  });
});
