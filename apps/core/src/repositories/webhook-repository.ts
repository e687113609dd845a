import { z } from 'zod';
import {
  WebhookEventSchema,
  WebhookKindSchema,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookKind,
} from '@hearth/protocol';
import type { Db } from '../db/database.ts';

/** A webhook target as stored, with its full URL and secret (never sent to a client). */
export interface StoredWebhook {
  id: string;
  name: string;
  kind: WebhookKind;
  url: string;
  secret: string | null;
  events: WebhookEvent[];
  instance_uuids: string[] | null;
  enabled: boolean;
  created_at: number;
}

interface TargetRow {
  id: string;
  name: string;
  kind: string;
  url: string;
  secret: string | null;
  events: string;
  instance_uuids: string | null;
  enabled: number;
  created_at: number;
}

interface DeliveryRow {
  id: number;
  event: string;
  summary: string;
  status: string;
  attempts: number;
  http_status: number | null;
  message: string;
  at: number;
}

/** Deliveries kept per target (the delivery log). */
export const DELIVERIES_KEPT = 50;

const DeliveryEventSchema = z.union([WebhookEventSchema, z.literal('test')]);
const StatusSchema = z.enum(['queued', 'retrying', 'delivered', 'failed', 'dropped']);

function toWebhook(row: TargetRow): StoredWebhook {
  return {
    id: row.id,
    name: row.name,
    kind: WebhookKindSchema.parse(row.kind),
    url: row.url,
    secret: row.secret,
    events: z.array(WebhookEventSchema).parse(JSON.parse(row.events)),
    instance_uuids:
      row.instance_uuids === null
        ? null
        : z.array(z.string()).parse(JSON.parse(row.instance_uuids)),
    enabled: row.enabled === 1,
    created_at: row.created_at,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    at: row.at,
    event: DeliveryEventSchema.parse(row.event),
    summary: row.summary,
    status: StatusSchema.parse(row.status),
    attempts: row.attempts,
    http_status: row.http_status,
    message: row.message,
  };
}

/** SQL for webhook targets and their delivery log (migration 007). */
export class WebhookRepository {
  constructor(private readonly db: Db) {}

  all(): StoredWebhook[] {
    return (
      this.db.prepare('SELECT * FROM webhook_targets ORDER BY created_at, id').all() as TargetRow[]
    ).map(toWebhook);
  }

  get(id: string): StoredWebhook | null {
    const row = this.db.prepare('SELECT * FROM webhook_targets WHERE id = ?').get(id) as
      TargetRow | undefined;
    return row ? toWebhook(row) : null;
  }

  save(w: StoredWebhook): void {
    this.db
      .prepare(
        `INSERT INTO webhook_targets (id, name, kind, url, secret, events, instance_uuids, enabled, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, kind = excluded.kind, url = excluded.url,
           secret = excluded.secret, events = excluded.events, instance_uuids = excluded.instance_uuids,
           enabled = excluded.enabled`,
      )
      .run(
        w.id,
        w.name,
        w.kind,
        w.url,
        w.secret,
        JSON.stringify(w.events),
        w.instance_uuids === null ? null : JSON.stringify(w.instance_uuids),
        w.enabled ? 1 : 0,
        w.created_at,
      );
  }

  delete(id: string): boolean {
    return this.db.prepare('DELETE FROM webhook_targets WHERE id = ?').run(id).changes > 0;
  }

  /** A new delivery-log row; older rows beyond DELIVERIES_KEPT for the target go. */
  addDelivery(
    targetId: string,
    event: WebhookEvent | 'test',
    summary: string,
    status: WebhookDeliveryStatus,
    at: number,
  ): number {
    const id = Number(
      this.db
        .prepare(
          'INSERT INTO webhook_deliveries (target_id, event, summary, status, attempts, http_status, message, at) VALUES (?, ?, ?, ?, 0, NULL, ?, ?)',
        )
        .run(targetId, event, summary, status, '', at).lastInsertRowid,
    );
    this.db
      .prepare(
        'DELETE FROM webhook_deliveries WHERE target_id = ? AND id <= (SELECT id FROM webhook_deliveries WHERE target_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)',
      )
      .run(targetId, targetId, DELIVERIES_KEPT);
    return id;
  }

  updateDelivery(
    id: number,
    change: {
      status: WebhookDeliveryStatus;
      attempts: number;
      httpStatus: number | null;
      message: string;
      at: number;
    },
  ): void {
    this.db
      .prepare(
        'UPDATE webhook_deliveries SET status = ?, attempts = ?, http_status = ?, message = ?, at = ? WHERE id = ?',
      )
      .run(change.status, change.attempts, change.httpStatus, change.message, change.at, id);
  }

  delivery(id: number): WebhookDelivery | null {
    const row = this.db.prepare('SELECT * FROM webhook_deliveries WHERE id = ?').get(id) as
      DeliveryRow | undefined;
    return row ? toDelivery(row) : null;
  }

  /** Newest first. */
  deliveries(targetId: string, limit = DELIVERIES_KEPT): WebhookDelivery[] {
    return (
      this.db
        .prepare('SELECT * FROM webhook_deliveries WHERE target_id = ? ORDER BY id DESC LIMIT ?')
        .all(targetId, limit) as DeliveryRow[]
    ).map(toDelivery);
  }
}
