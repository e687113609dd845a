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
import type { DbWrites } from '../db/db-writes.ts';

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
  /** Deliveries its full queue dropped (counted by the repository, never saved from here). */
  dropped: number;
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
  dropped: number;
}

interface DeliveryRow {
  id: number;
  event: string;
  summary: string;
  instance_uuid: string | null;
  instance_name: string | null;
  status: string;
  attempts: number;
  http_status: number | null;
  message: string;
  at: number;
}

/**
 * Settled deliveries kept per target and outcome (delivered, failed, dropped): a burst of one
 * outcome never pushes the others out of the log. Waiting ones (queued, retrying) are all kept;
 * the queue size bounds them.
 */
export const DELIVERIES_KEPT = 50;
/** At most this many rows answer a delivery log (3 outcomes × DELIVERIES_KEPT + a full queue). */
const DELIVERY_LOG_MAX = 1000;

/** A delivery as it is queued: its row, and the notice it sends (kept until it is settled). */
export interface NewDelivery {
  id: number;
  targetId: string;
  event: WebhookEvent | 'test';
  summary: string;
  /** The instance it is about; null for core-wide events and tests. */
  instance: { uuid: string; name: string | null } | null;
  status: WebhookDeliveryStatus;
  at: number;
  /** JSON of what it says; null for one that is never sent again (a test). */
  notice: string | null;
}

/** A delivery left queued or retrying (by a core that stopped before it was settled). */
export interface WaitingDelivery {
  id: number;
  targetId: string;
  attempts: number;
  notice: string | null;
}

export interface DeliveryChange {
  status: WebhookDeliveryStatus;
  attempts: number;
  httpStatus: number | null;
  message: string;
  at: number;
}

const SETTLED: readonly WebhookDeliveryStatus[] = ['delivered', 'failed', 'dropped'];

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
    dropped: row.dropped,
  };
}

function copyWebhook(w: StoredWebhook): StoredWebhook {
  return {
    ...w,
    events: [...w.events],
    instance_uuids: w.instance_uuids === null ? null : [...w.instance_uuids],
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    at: row.at,
    event: DeliveryEventSchema.parse(row.event),
    summary: row.summary,
    instance:
      row.instance_uuid === null ? null : { uuid: row.instance_uuid, name: row.instance_name },
    status: StatusSchema.parse(row.status),
    attempts: row.attempts,
    http_status: row.http_status,
    message: row.message,
  };
}

/**
 * SQL for webhook targets and their delivery log (migrations 007, 012). Target changes are a
 * user's and wait out another process's lock (`DbWrites.now`); the delivery log is written in the
 * background (`DbWrites.later`) with ids handed out here, so a delivery is queued, sent and
 * recorded whether or not the database takes its row at that moment.
 */
export class WebhookRepository {
  private lastDeliveryId: number;
  /** The targets as last read (null: read them again); see all(). */
  private targets: StoredWebhook[] | null = null;

  constructor(
    private readonly db: Db,
    private readonly writes: DbWrites,
  ) {
    const row = db.prepare('SELECT MAX(id) AS id FROM webhook_deliveries').get() as {
      id: number | null;
    };
    this.lastDeliveryId = row.id ?? 0;
  }

  /**
   * The targets, read again only after this repository changed them: every event the core emits
   * asks for them (thirty starts at once read and parsed the table some hundred times, issue 26).
   * Each call gets its own copies.
   */
  all(): StoredWebhook[] {
    this.targets ??= (
      this.db.prepare('SELECT * FROM webhook_targets ORDER BY created_at, id').all() as TargetRow[]
    ).map(toWebhook);
    return this.targets.map(copyWebhook);
  }

  get(id: string): StoredWebhook | null {
    const row = this.db.prepare('SELECT * FROM webhook_targets WHERE id = ?').get(id) as
      TargetRow | undefined;
    return row ? toWebhook(row) : null;
  }

  async save(w: StoredWebhook): Promise<void> {
    await this.writes.now(() => this.saveNow(w));
  }

  private saveNow(w: StoredWebhook): void {
    this.targets = null;
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

  async delete(id: string): Promise<void> {
    await this.writes.now(() => {
      this.targets = null;
      this.db.prepare('DELETE FROM webhook_targets WHERE id = ?').run(id);
    });
  }

  /** The id of the next delivery (rows may be written later, so they are numbered here). */
  nextDeliveryId(): number {
    return ++this.lastDeliveryId;
  }

  addDelivery(d: NewDelivery): void {
    this.writes.later('webhook delivery', () =>
      this.db
        .prepare(
          'INSERT INTO webhook_deliveries (id, target_id, event, summary, instance_uuid, instance_name, status, attempts, http_status, message, at, notice) VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?, ?)',
        )
        .run(
          d.id,
          d.targetId,
          d.event,
          d.summary,
          d.instance?.uuid ?? null,
          d.instance?.name ?? null,
          d.status,
          '',
          d.at,
          d.notice,
        ),
    );
  }

  /** A delivery's new state; once settled its notice goes and the oldest rows of its outcome too. */
  updateDelivery(id: number, targetId: string, change: DeliveryChange): void {
    const settled = SETTLED.includes(change.status);
    this.writes.later(
      'webhook delivery',
      () =>
        this.db.transaction(() => {
          this.db
            .prepare(
              `UPDATE webhook_deliveries SET status = ?, attempts = ?, http_status = ?, message = ?, at = ?,
                 notice = CASE WHEN ? THEN NULL ELSE notice END WHERE id = ?`,
            )
            .run(
              change.status,
              change.attempts,
              change.httpStatus,
              change.message,
              change.at,
              settled ? 1 : 0,
              id,
            );
          if (settled)
            this.db
              .prepare(
                `DELETE FROM webhook_deliveries WHERE target_id = ? AND status = ? AND id NOT IN
                   (SELECT id FROM webhook_deliveries WHERE target_id = ? AND status = ? ORDER BY id DESC LIMIT ?)`,
              )
              .run(targetId, change.status, targetId, change.status, DELIVERIES_KEPT);
        })(),
      `delivery ${id}`,
    );
  }

  /** One more delivery dropped by the target's full queue. */
  countDropped(targetId: string): void {
    this.writes.later('webhook drop count', () => {
      this.targets = null;
      this.db
        .prepare('UPDATE webhook_targets SET dropped = dropped + 1 WHERE id = ?')
        .run(targetId);
    });
  }

  /** Deliveries still queued or retrying, oldest first (at boot: what a stopped core left). */
  waitingDeliveries(): WaitingDelivery[] {
    const rows = this.db
      .prepare(
        "SELECT id, target_id, attempts, notice FROM webhook_deliveries WHERE status IN ('queued', 'retrying') ORDER BY id",
      )
      .all() as { id: number; target_id: string; attempts: number; notice: string | null }[];
    return rows.map((r) => ({
      id: r.id,
      targetId: r.target_id,
      attempts: r.attempts,
      notice: r.notice,
    }));
  }

  /** The log, newest first: every waiting delivery and the kept ones of each outcome. */
  deliveries(targetId: string, limit = DELIVERY_LOG_MAX): WebhookDelivery[] {
    return (
      this.db
        .prepare('SELECT * FROM webhook_deliveries WHERE target_id = ? ORDER BY id DESC LIMIT ?')
        .all(targetId, limit) as DeliveryRow[]
    ).map(toDelivery);
  }
}
