import { createHmac } from 'node:crypto';
import { z } from 'zod';
import {
  LogEntrySchema,
  WEBHOOK_EVENT_HEADER,
  WebhookEventSchema,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type LogEntry,
  type WebhookEvent,
  type WebhookKind,
} from '@hearth/protocol';

/** What one delivery says, whatever the target's format. */
export interface Notice {
  event: WebhookEvent | 'test';
  /** null for "Send test". */
  entry: LogEntry | null;
  title: string;
  detail: string | null;
  instance: { uuid: string; name: string | null } | null;
  who: string;
  /** Unix ms of the entry. */
  at: number;
  coreName: string;
  level: 'Info' | 'Warning' | 'Error';
}

const StoredNoticeSchema = z.object({
  event: z.union([WebhookEventSchema, z.literal('test')]),
  entry: z.unknown(),
  title: z.string(),
  detail: z.string().nullable(),
  instance: z.object({ uuid: z.string(), name: z.string().nullable() }).nullable(),
  who: z.string(),
  at: z.number(),
  coreName: z.string(),
  level: z.enum(['Info', 'Warning', 'Error']),
});

/** A notice kept with its queued delivery (JSON), or null when there is none or it is not one. */
export function parseNotice(text: string | null): Notice | null {
  if (text === null) return null;
  try {
    const stored = StoredNoticeSchema.parse(JSON.parse(text));
    const entry = stored.entry === null ? null : LogEntrySchema.parse(stored.entry);
    return { ...stored, entry };
  } catch {
    return null;
  }
}

const COLOURS: Record<WebhookEvent | 'test', number> = {
  state: 0x3e63dd,
  crash: 0xe5484d,
  players: 0x30a46c,
  backups: 0x8e4ec6,
  schedules: 0x12a594,
  macro_failures: 0xe5484d,
  moderation: 0xf76b15,
  test: 0x8b8d98,
};

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function discord(n: Notice): unknown {
  const fields = [
    ...(n.instance
      ? [{ name: 'Instance', value: cut(n.instance.name ?? n.instance.uuid, 1024), inline: true }]
      : []),
    { name: 'By', value: cut(n.who, 1024), inline: true },
  ];
  return {
    username: 'Hearth',
    // Player names and commands are user text: never let them ping anyone.
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: cut(n.title, 256),
        ...(n.detail ? { description: cut(n.detail, 4096) } : {}),
        color: n.level === 'Error' ? COLOURS.crash : COLOURS[n.event],
        timestamp: new Date(n.at).toISOString(),
        footer: { text: cut(n.coreName, 2048) },
        fields,
      },
    ],
  };
}

/** Slack's mrkdwn needs &, < and > escaped. */
const slackText = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function slack(n: Notice): unknown {
  const where = n.instance ? `*${slackText(n.instance.name ?? n.instance.uuid)}* ` : '';
  return {
    text: `${where}${slackText(n.title)}`,
    attachments: [
      {
        color: `#${(n.level === 'Error' ? COLOURS.crash : COLOURS[n.event]).toString(16).padStart(6, '0')}`,
        ...(n.detail ? { text: slackText(n.detail) } : {}),
        footer: slackText(`${n.coreName} · ${n.who}`),
        ts: Math.floor(n.at / 1000),
      },
    ],
  };
}

function generic(n: Notice): unknown {
  return {
    event: n.event,
    summary: n.title,
    detail: n.detail,
    level: n.level,
    instance: n.instance,
    who: n.who,
    core: n.coreName,
    at: n.at,
    entry: n.entry,
  };
}

/** The body of a delivery in the target's format. */
export function payloadFor(kind: WebhookKind, notice: Notice): string {
  switch (kind) {
    case 'discord':
      return JSON.stringify(discord(notice));
    case 'slack':
      return JSON.stringify(slack(notice));
    case 'json':
      return JSON.stringify(generic(notice));
  }
}

/**
 * The signature of a generic JSON delivery: HMAC-SHA256 with the target's secret over
 * `<timestamp>.<body>` (the timestamp is sent too, so a receiver can refuse old replays).
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function deliveryHeaders(
  kind: WebhookKind,
  secret: string | null,
  notice: Notice,
  body: string,
  nowMs: number,
): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (kind !== 'json') return headers;
  const timestamp = Math.floor(nowMs / 1000);
  headers[WEBHOOK_EVENT_HEADER] = notice.event;
  headers[WEBHOOK_TIMESTAMP_HEADER] = String(timestamp);
  if (secret) headers[WEBHOOK_SIGNATURE_HEADER] = signature(secret, timestamp, body);
  return headers;
}
