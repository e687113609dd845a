import { randomBytes, randomUUID } from 'node:crypto';
import {
  causeName,
  describeLogEntry,
  logEntryInstanceName,
  snowflakeToMs,
  type CausedBy,
  type LogEntry,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookList,
  type WebhookSaved,
  type WebhookTarget,
  type WebhookUpdate,
} from '@hearth/protocol';
import { CoreError, badRequest, describeError, notFound } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { resolveTarget, systemResolver, type Resolver } from '../../lib/address-guard.ts';
import type { Logger } from '../../lib/logger.ts';
import { outboundFetch, UpstreamStatusError } from '../../lib/outbound-http.ts';
import type { SettingsRepository } from '../../repositories/settings-repository.ts';
import type {
  StoredWebhook,
  WaitingDelivery,
  WebhookRepository,
} from '../../repositories/webhook-repository.ts';
import {
  DEFAULT_DISPATCH,
  RetryAfter,
  WebhookDispatcher,
  type DispatchOptions,
} from './webhook-dispatcher.ts';
import { webhookEventsOf } from './webhook-events.ts';
import { deliveryHeaders, parseNotice, payloadFor, type Notice } from './webhook-payloads.ts';

export interface WebhookOptions extends DispatchOptions {
  /** Per request, answer included. */
  timeoutMs: number;
  /** How host names are resolved (tests swap it to play a DNS rebinding). */
  resolve: Resolver;
}

export const DEFAULT_WEBHOOKS: WebhookOptions = {
  ...DEFAULT_DISPATCH,
  timeoutMs: 10_000,
  resolve: systemResolver,
};

export interface WebhookDeps {
  repo: WebhookRepository;
  settings: SettingsRepository;
  events: EventBus;
  coreName: () => string;
  /** An instance's current name (null once it is gone). */
  instanceName: (uuid: string) => string | null;
  log: Logger;
  options: WebhookOptions;
}

const SETTINGS_KEY = 'webhooks';
const TEST_TITLE = 'Test notification from Hearth';

/** Scheme and host only: the path and query of a webhook URL usually hold its token. */
export function maskUrl(raw: string): string {
  try {
    const url = new URL(raw);
    const more = url.pathname.length > 1 || url.search !== '' ? '/…' : '';
    return `${url.protocol}//${url.host}${more}`;
  } catch {
    return '…';
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('Invalid webhook URL', 'It must be a full http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('Invalid webhook URL', 'Only http and https URLs can be used');
  if (url.username || url.password)
    throw badRequest('Invalid webhook URL', 'Put credentials in the path, not before the host');
  return url;
}

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * The owner's webhooks (issue 14): targets kept server-side (URL and secret never sent back),
 * notified in the background of the event log entries they chose, every request through the SSRF
 * guard at the moment it is sent.
 */
export class WebhookService {
  private readonly dispatcher: WebhookDispatcher;
  private started = false;

  constructor(private readonly deps: WebhookDeps) {
    this.dispatcher = new WebhookDispatcher(
      deps.repo,
      (id, notice, signal) => this.sendTo(id, notice, signal),
      deps.log,
      deps.options,
    );
  }

  /** Starts notifying on new event log entries, after sending what a stopped core left queued. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.resume();
    this.deps.events.subscribeLog((entry) => this.dispatch(entry));
  }

  /**
   * Deliveries a stopped core left queued or retrying (killed, or stopped while they waited) are
   * sent again, oldest first, late but with their original time. One whose notice was never kept
   * (queued by a core before migration 012) is marked dropped with the reason.
   */
  private resume(): void {
    let waiting: WaitingDelivery[];
    try {
      waiting = this.deps.repo.waitingDeliveries();
    } catch (err) {
      this.deps.log.error(`Could not read the waiting webhook deliveries: ${describeError(err)}`);
      return;
    }
    for (const delivery of waiting) {
      const notice = parseNotice(delivery.notice);
      if (notice) {
        this.dispatcher.resume(delivery.targetId, delivery.id, notice, delivery.attempts);
        continue;
      }
      this.deps.repo.updateDelivery(delivery.id, delivery.targetId, {
        status: 'dropped',
        attempts: delivery.attempts,
        httpStatus: null,
        message: 'The core stopped before it was sent',
        at: this.deps.options.now(),
      });
    }
  }

  /**
   * Stops sending. Entries still come in while the core stops (its servers stopping): they are
   * recorded as queued until the event bus closes, and the next core sends them.
   */
  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  get allowPrivateTargets(): boolean {
    const stored = this.deps.settings.get(SETTINGS_KEY) as { allow_private_targets?: unknown };
    return stored?.allow_private_targets === true;
  }

  async setAllowPrivateTargets(on: boolean, causedBy: CausedBy): Promise<void> {
    const before = this.allowPrivateTargets;
    await this.deps.settings.save(SETTINGS_KEY, { allow_private_targets: on });
    if (before !== on)
      this.deps.events.record(
        {
          type: 'CoreSettingChanged',
          setting_id: 'webhooks.allow_private_targets',
          setting_name: 'Allow private webhook targets',
          old_value: String(before),
          new_value: String(on),
        },
        causedBy,
      );
  }

  list(): WebhookList {
    return {
      allow_private_targets: this.allowPrivateTargets,
      targets: this.deps.repo.all().map((w) => this.toTarget(w)),
    };
  }

  async create(input: WebhookCreate, causedBy: CausedBy): Promise<WebhookSaved> {
    await this.checkUrl(input.url);
    const secret = input.kind === 'json' ? newSecret() : null;
    const stored: StoredWebhook = {
      id: `WEBHOOK_${randomUUID()}`,
      name: input.name,
      kind: input.kind,
      url: input.url,
      secret,
      events: [...new Set(input.events)],
      instance_uuids: input.instance_uuids,
      enabled: input.enabled,
      created_at: this.deps.options.now(),
      dropped: 0,
    };
    await this.deps.repo.save(stored);
    this.recordChange(stored, 'created', causedBy);
    return { target: this.toTarget(stored), secret };
  }

  async update(id: string, patch: WebhookUpdate, causedBy: CausedBy): Promise<WebhookSaved> {
    const current = this.require(id);
    if (patch.url !== undefined) await this.checkUrl(patch.url);
    const kind = patch.kind ?? current.kind;
    const rotate = kind === 'json' && (patch.rotate_secret === true || current.secret === null);
    const next: StoredWebhook = {
      ...current,
      name: patch.name ?? current.name,
      kind,
      url: patch.url ?? current.url,
      events: patch.events ? [...new Set(patch.events)] : current.events,
      instance_uuids:
        patch.instance_uuids === undefined ? current.instance_uuids : patch.instance_uuids,
      enabled: patch.enabled ?? current.enabled,
      secret: kind !== 'json' ? null : rotate ? newSecret() : current.secret,
    };
    await this.deps.repo.save(next);
    this.recordChange(next, 'updated', causedBy);
    return { target: this.toTarget(next), secret: rotate ? next.secret : null };
  }

  async delete(id: string, causedBy: CausedBy): Promise<void> {
    const current = this.require(id);
    await this.deps.repo.delete(id);
    this.dispatcher.forget(id);
    this.recordChange(current, 'deleted', causedBy);
  }

  deliveries(id: string): WebhookDelivery[] {
    this.require(id);
    return this.deps.repo.deliveries(id);
  }

  /** "Send test": one attempt now, answered with its outcome (also in the delivery log). */
  async test(id: string): Promise<WebhookDelivery> {
    const target = this.require(id);
    const now = this.deps.options.now();
    const notice: Notice = {
      event: 'test',
      entry: null,
      title: TEST_TITLE,
      detail: 'If you can read this, the webhook works.',
      instance: null,
      who: 'Hearth',
      at: now,
      coreName: this.deps.coreName(),
      level: 'Info',
    };
    const deliveryId = this.deps.repo.nextDeliveryId();
    this.deps.repo.addDelivery({
      id: deliveryId,
      targetId: target.id,
      event: 'test',
      summary: TEST_TITLE,
      instance: null,
      status: 'queued',
      at: now,
      notice: null,
    });
    const timeout = AbortSignal.timeout(this.deps.options.timeoutMs + 1000);
    let change: { status: 'delivered' | 'failed'; httpStatus: number | null; message: string };
    try {
      const status = await this.sendTo(target.id, notice, timeout);
      change = { status: 'delivered', httpStatus: status, message: '' };
    } catch (err) {
      change = {
        status: 'failed',
        httpStatus: err instanceof UpstreamStatusError ? err.upstreamStatus : null,
        message: err instanceof Error ? err.message : String(err),
      };
    }
    const at = this.deps.options.now();
    this.deps.repo.updateDelivery(deliveryId, target.id, { ...change, attempts: 1, at });
    return {
      id: deliveryId,
      at,
      event: 'test',
      summary: TEST_TITLE,
      instance: null,
      status: change.status,
      attempts: 1,
      http_status: change.httpStatus,
      message: change.message,
    };
  }

  private dispatch(entry: LogEntry): void {
    const chosen = webhookEventsOf(entry);
    if (chosen.length === 0) return;
    let targets: StoredWebhook[];
    try {
      targets = this.deps.repo.all();
    } catch (err) {
      this.deps.log.error({ err }, 'could not read webhook targets');
      return;
    }
    for (const target of targets) {
      if (!target.enabled) continue;
      if (
        target.instance_uuids !== null &&
        (entry.instance_uuid === null || !target.instance_uuids.includes(entry.instance_uuid))
      )
        continue;
      const event = chosen.find((e) => target.events.includes(e));
      if (event) this.dispatcher.enqueue(target.id, this.noticeOf(entry, event));
    }
  }

  private noticeOf(entry: LogEntry, event: Notice['event']): Notice {
    const { title, detail } = describeLogEntry(entry);
    const uuid = entry.instance_uuid;
    return {
      event,
      entry,
      title,
      detail,
      instance:
        uuid === null
          ? null
          : { uuid, name: logEntryInstanceName(entry) ?? this.deps.instanceName(uuid) },
      who: causeName(entry.caused_by),
      at: snowflakeToMs(entry.snowflake),
      coreName: this.deps.coreName(),
      level: entry.level,
    };
  }

  /** One request: the target as it is now, its host resolved and judged now, the answer a 2xx. */
  private async sendTo(id: string, notice: Notice, signal: AbortSignal): Promise<number> {
    const target = this.require(id);
    const url = parseUrl(target.url);
    const address = await resolveTarget(url, {
      allowPrivate: this.allowPrivateTargets,
      resolve: this.deps.options.resolve,
    });
    const body = payloadFor(target.kind, notice);
    let res: Response;
    try {
      res = await outboundFetch({
        url: target.url,
        method: 'POST',
        headers: deliveryHeaders(target.kind, target.secret, notice, body, this.deps.options.now()),
        body,
        timeoutMs: this.deps.options.timeoutMs,
        signal,
        connectTo: address,
        anyStatus: true,
      });
    } catch (err) {
      // The error names the URL, token and all: the delivery log shows it, so only the mask goes.
      if (!(err instanceof CoreError)) throw err;
      const masked = maskUrl(target.url);
      throw new CoreError(
        err.kind,
        err.causes.map((c) => c.replaceAll(target.url, masked)),
      );
    }
    await res.body?.cancel().catch(() => undefined);
    if (res.ok) return res.status;
    const wait = Number(res.headers.get('retry-after'));
    if ((res.status === 429 || res.status === 503) && Number.isFinite(wait) && wait > 0)
      throw new RetryAfter(maskUrl(target.url), res.status, res.statusText, wait * 1000);
    throw new UpstreamStatusError(maskUrl(target.url), res.status, 'POST', res.statusText);
  }

  private async checkUrl(raw: string): Promise<void> {
    await resolveTarget(parseUrl(raw), {
      allowPrivate: this.allowPrivateTargets,
      resolve: this.deps.options.resolve,
    });
  }

  private require(id: string): StoredWebhook {
    const found = this.deps.repo.get(id);
    if (!found) throw notFound('Webhook not found');
    return found;
  }

  private toTarget(w: StoredWebhook): WebhookTarget {
    return {
      id: w.id,
      name: w.name,
      kind: w.kind,
      url: maskUrl(w.url),
      events: w.events,
      instance_uuids: w.instance_uuids,
      enabled: w.enabled,
      signed: w.secret !== null,
      created_at: w.created_at,
      last_delivery: this.deps.repo.deliveries(w.id, 1)[0] ?? null,
      queued: this.dispatcher.queued(w.id),
      dropped: w.dropped,
    };
  }

  private recordChange(w: StoredWebhook, change: 'created' | 'updated' | 'deleted', by: CausedBy) {
    this.deps.events.record(
      { type: 'WebhookChanged', change, webhook_id: w.id, webhook_name: w.name },
      by,
    );
  }
}
