// Issue 14: webhooks — background delivery with retries against a real local HTTP server, HMAC
// signatures a receiver can verify, a bounded queue, masked URLs, and an SSRF guard that refuses
// loopback / link-local / private targets (also behind a host name and after a DNS rebinding)
// unless the owner allowed private targets.
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSavedSchema,
  type WebhookDelivery,
  type WebhookTarget,
} from '@hearth/protocol';
import { isPrivateAddress, type Resolver } from '../src/lib/address-guard.ts';
import { payloadFor, type Notice } from '../src/services/webhooks/webhook-payloads.ts';
import { startTestCore, type TestCore } from './helpers.ts';
import { EventLog, isInstanceKind, isState } from './instance-helpers.ts';
import { createCheapInstance } from './event-log-helpers.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: answers each request with the next status of `script` (then 204). */
async function receiver(script: number[] = []) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  let hold: Promise<void> | null = null;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      void (async () => {
        received.push({ headers: req.headers, body });
        for (const w of waiters.splice(0)) w();
        if (hold) await hold;
        res.writeHead(script.shift() ?? 204).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/secret-token-123`,
    port,
    received,
    /** Requests wait until the returned release is called. */
    holdAll() {
      let release = () => {};
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
    async count(n: number) {
      while (received.length < n) await new Promise<void>((r) => waiters.push(r));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let t: TestCore;
let owner: string;
let log: EventLog;
let scratch: string;
const closers: (() => Promise<void>)[] = [];
/** Host names the test resolver knows; `rebind` answers a public address once, then loopback. */
const dnsAnswers = new Map<string, string[]>();
const resolve: Resolver = async (host) => {
  if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  const answers = dnsAnswers.get(host);
  const next = answers && answers.length > 1 ? answers.shift() : answers?.[0];
  if (!next) throw new Error(`ENOTFOUND ${host}`);
  return [{ address: next, family: next.includes(':') ? 6 : 4 }];
};

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-webhooks-'));
  t = await startTestCore({
    stopTimeoutMs: 5000,
    webhooks: {
      retryBaseMs: 20,
      retryMaxMs: 100,
      maxAttempts: 4,
      queueSize: 3,
      timeoutMs: 5000,
      resolve,
    },
  });
  owner = await t.setupOwner();
  log = await EventLog.open(t, owner);
}, 60_000);

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const target of (await list()).targets)
    await t.request('DELETE', `/webhooks/${target.id}`, { token: owner });
  await setPrivate(false);
});

afterAll(async () => {
  log?.close();
  await t?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function list() {
  return WebhookListSchema.parse((await t.request('GET', '/webhooks', { token: owner })).json);
}

async function setPrivate(on: boolean) {
  const res = await t.request('PUT', '/webhooks/settings/private_targets', {
    token: owner,
    body: on,
  });
  expect(res.status, res.text).toBe(200);
}

async function create(body: Record<string, unknown>) {
  return t.request('POST', '/webhooks', {
    token: owner,
    body: { name: 'Hook', kind: 'json', events: ['state'], ...body },
  });
}

async function deliveries(id: string): Promise<WebhookDelivery[]> {
  const res = await t.request('GET', `/webhooks/${id}/deliveries`, { token: owner });
  return z.array(WebhookDeliverySchema).parse(res.json);
}

/** Polls the delivery log until `done` holds (deliveries are background work). */
async function until(id: string, done: (d: WebhookDelivery[]) => boolean) {
  for (let i = 0; i < 600; i++) {
    const all = await deliveries(id);
    if (done(all)) return all;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`deliveries never settled: ${JSON.stringify(await deliveries(id))}`);
}

const settled = (d: WebhookDelivery) =>
  d.status === 'delivered' || d.status === 'failed' || d.status === 'dropped';

describe('the SSRF guard', () => {
  it('tells private, loopback and link-local addresses from public ones (IPv4, IPv6, mapped)', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '[::1]',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      'fc12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '::127.0.0.1',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '2a00:1450:4001::200e',
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('refuses loopback, private and link-local targets — also behind a host name — until allowed', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost:9/x',
      'http://[::1]:9/x',
      'http://[::ffff:127.0.0.1]:9/x',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/hook',
      'http://192.168.1.10/hook',
      'http://[fd00::5]/hook',
      // IPv6 forms that carry a private IPv4 (issue 22, reproduction 7): 6to4, Teredo, NAT64.
      'http://[2002:7f00:1::]:9/x',
      'http://[2002:a9fe:a9fe::1]/latest/meta-data',
      'http://[2001:0:4136:e378:8000:f227:80ff:fffe]:9/x',
      'http://[64:ff9b::7f00:1]:9/x',
      'http://[64:ff9b:1::7f00:1]:9/x',
    ]) {
      const res = await create({ url });
      expect(res.status, url).toBe(400);
      expect(res.text, url).toMatch(/loopback, link-local or private address/);
    }
    for (const url of [
      'ftp://example.com/x',
      'file:///etc/passwd',
      'http://user:pw@example.com/',
      'nonsense',
    ])
      expect((await create({ url })).status, url).toBe(400);
    await setPrivate(true);
    expect((await create({ url: 'http://localhost:9/x' })).status).toBe(200);
  });

  // Public when the target is saved, loopback by the time something is delivered.
  for (const { title, host, loopback, refusal } of [
    {
      title: 'judges the address again when it delivers, so a rebinding host name is refused',
      host: 'rebind.example',
      loopback: '127.0.0.1',
      refusal: /resolves to 127\.0\.0\.1/,
    },
    {
      title: 'refuses a host name that answers a 6to4 form of loopback when it delivers',
      host: 'rebind6.example',
      loopback: '2002:7f00:1::',
      refusal: /resolves to 2002:7f00:1::, a loopback/,
    },
  ])
    it(title, async () => {
      const server = await receiver();
      closers.push(server.close);
      dnsAnswers.set(host, ['93.184.216.34', loopback]);
      const res = await create({ url: `http://${host}:${server.port}/hook` });
      expect(res.status, res.text).toBe(200);
      const { target } = WebhookSavedSchema.parse(res.json);
      const test = await t.request('POST', `/webhooks/${target.id}/test`, { token: owner });
      const delivery = WebhookDeliverySchema.parse(test.json);
      expect(delivery.status).toBe('failed');
      expect(delivery.message).toMatch(refusal);
      expect(server.received).toHaveLength(0);
    });
});

describe('delivery', () => {
  it('retries with backoff until a server that failed twice answers', async () => {
    const server = await receiver([500, 503]);
    closers.push(server.close);
    await setPrivate(true);
    const res = await create({ url: server.url, kind: 'discord', events: ['state'] });
    const { target } = WebhookSavedSchema.parse(res.json);
    const uuid = await createCheapInstance(t, owner, log, scratch, 'Retry');
    const running = log.next(isState(uuid, 'Running'), 'running');
    await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
    await running;
    // Starting (3 attempts: 500, 503, 204), then Running (1 attempt).
    const done = await until(target.id, (d) => d.length >= 2 && d.every(settled));
    expect(done.map((d) => [d.status, d.attempts, d.http_status])).toEqual([
      ['delivered', 1, 204],
      ['delivered', 3, 204],
    ]);
    expect(server.received).toHaveLength(4);
    const first = JSON.parse(server.received[0]!.body) as {
      embeds: { title: string }[];
      allowed_mentions: unknown;
    };
    expect(first.embeds[0]!.title).toBe('Started by owner');
    expect(first.allowed_mentions).toEqual({ parse: [] });
    const stopped = log.next(isState(uuid, 'Stopped'), 'stopped');
    await t.request('PUT', `/instance/${uuid}/stop`, { token: owner });
    await stopped;
  });

  it('signs generic JSON bodies so the receiver can verify them with the secret it was given once', async () => {
    const server = await receiver();
    closers.push(server.close);
    await setPrivate(true);
    const saved = WebhookSavedSchema.parse((await create({ url: server.url, kind: 'json' })).json);
    expect(saved.secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(saved.target.signed).toBe(true);
    const test = WebhookDeliverySchema.parse(
      (await t.request('POST', `/webhooks/${saved.target.id}/test`, { token: owner })).json,
    );
    expect(test).toMatchObject({ status: 'delivered', http_status: 204, event: 'test' });
    const got = server.received[0]!;
    const timestamp = String(got.headers['x-hearth-timestamp']);
    const sent = Buffer.from(String(got.headers['x-hearth-signature']));
    const verify = (secret: string) => {
      const want = Buffer.from(
        `sha256=${createHmac('sha256', secret).update(`${timestamp}.${got.body}`).digest('hex')}`,
      );
      return want.length === sent.length && timingSafeEqual(want, sent);
    };
    expect(verify(saved.secret!)).toBe(true);
    expect(verify('another-secret')).toBe(false);
    expect(got.headers['x-hearth-event']).toBe('test');
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'test',
      summary: 'Test notification from Hearth',
    });
    // The secret is never shown again; a rotation gives a new one.
    expect(JSON.stringify(await list())).not.toContain(saved.secret!);
    const rotated = WebhookSavedSchema.parse(
      (
        await t.request('PUT', `/webhooks/${saved.target.id}`, {
          token: owner,
          body: { rotate_secret: true },
        })
      ).json,
    );
    expect(rotated.secret).not.toBe(saved.secret);
  });

  it('never sends a target’s URL back in full', async () => {
    await setPrivate(true);
    const saved = WebhookSavedSchema.parse(
      (
        await create({
          url: 'http://127.0.0.1:9/api/webhooks/123/secret-token-123',
          kind: 'discord',
        })
      ).json,
    );
    expect(saved.target.url).toBe('http://127.0.0.1:9/…');
    const test = WebhookDeliverySchema.parse(
      (await t.request('POST', `/webhooks/${saved.target.id}/test`, { token: owner })).json,
    );
    expect(test.status).toBe('failed');
    const everything = JSON.stringify([await list(), await deliveries(saved.target.id), test]);
    expect(everything).not.toContain('secret-token-123');
  });

  it('holds at most the queue size per target and logs what it dropped', async () => {
    const server = await receiver();
    closers.push(server.close);
    const release = server.holdAll();
    await setPrivate(true);
    const { target } = WebhookSavedSchema.parse(
      (await create({ url: server.url, events: ['state'] })).json,
    );
    const uuid = await createCheapInstance(t, owner, log, scratch, 'Queue');
    // Start + stop twice: eight state changes while the receiver holds the first request.
    for (let i = 0; i < 2; i++) {
      const running = log.next(isState(uuid, 'Running'), 'running');
      await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
      await running;
      const stopped = log.next(isState(uuid, 'Stopped'), 'stopped');
      await t.request('PUT', `/instance/${uuid}/stop`, { token: owner });
      await stopped;
    }
    await server.count(1);
    const waiting = (await list()).targets.find((x: WebhookTarget) => x.id === target.id)!;
    expect(waiting.queued).toBe(3);
    release();
    const done = await until(target.id, (d) => d.length === 8 && d.every(settled));
    expect(done.filter((d) => d.status === 'dropped')).toHaveLength(5);
    expect(done.filter((d) => d.status === 'delivered')).toHaveLength(3);
    expect(done.find((d) => d.status === 'dropped')?.message).toBe('The queue was full');
  });

  it('keeps the failures in the delivery log through a burst, and counts what the full queue dropped', async () => {
    // Issue 25, reproduction 3: the newest 50 rows of any status made the log, so a burst of
    // queued and dropped deliveries pushed out the ones that had really failed.
    const server = await receiver(Array.from({ length: 100 }, () => 400));
    closers.push(server.close);
    await setPrivate(true);
    const { target } = WebhookSavedSchema.parse(
      (await create({ url: server.url, events: ['players'] })).json,
    );
    // A game that prints `<prefix><n> joined` for n = 0…count-1 when told `<prefix> <count>`.
    const uuid = await createCheapInstance(t, owner, log, scratch, 'Crowd', {
      script: `let b = ''; process.stdin.setEncoding('utf8'); process.stdin.on('data', (d) => { b += d; let i; while ((i = b.indexOf('\\n')) >= 0) { const [p, n] = b.slice(0, i).trim().split(' '); b = b.slice(i + 1); let out = ''; for (let k = 0; k < Number(n); k++) out += p + k + ' joined\\n'; process.stdout.write(out); } }); setInterval(() => {}, 1000);`,
      output: { join: '^(\\w+) joined$' },
    });
    const running = log.next(isState(uuid, 'Running'), 'running');
    await t.request('PUT', `/instance/${uuid}/start`, { token: owner });
    await running;
    const say = async (command: string) =>
      expect(
        (await t.request('POST', `/instance/${uuid}/console`, { token: owner, body: command }))
          .status,
      ).toBe(200);

    await say('a 2');
    await until(target.id, (d) => d.filter((x) => x.status === 'failed').length === 2);
    // The receiver holds the first of the burst; two wait behind it (a queue of 3), 57 are dropped.
    const release = server.holdAll();
    await say('b 60');
    await until(target.id, (d) => d.filter((x) => x.status === 'dropped').length === 50);
    await server.count(3);
    const waiting = (await list()).targets.find((x: WebhookTarget) => x.id === target.id)!;
    expect(waiting.queued).toBe(3);
    expect(waiting.dropped).toBe(57);
    release();

    const done = await until(
      target.id,
      (d) => d.every(settled) && d.filter((x) => x.status === 'failed').length === 5,
    );
    const failed = done.filter((d) => d.status === 'failed').map((d) => d.summary);
    expect(failed.filter((summary) => /\ba[01]\b/.test(summary))).toHaveLength(2);
    expect(failed.filter((summary) => /\bb(0|58|59)\b/.test(summary))).toHaveLength(3);
    expect(done.filter((d) => d.status === 'dropped')).toHaveLength(50);
    const after = (await list()).targets.find((x: WebhookTarget) => x.id === target.id)!;
    expect(after).toMatchObject({ queued: 0, dropped: 57 });
  });

  it('tells a target about a crash, and only targets that chose it and its instance', async () => {
    const server = await receiver();
    closers.push(server.close);
    const other = await receiver();
    closers.push(other.close);
    await setPrivate(true);
    const crashing = await createCheapInstance(t, owner, log, scratch, 'Crashy', {
      script: 'setTimeout(() => process.exit(3), 300)',
    });
    const { target } = WebhookSavedSchema.parse(
      (
        await create({
          url: server.url,
          kind: 'slack',
          events: ['crash'],
          instance_uuids: [crashing],
        })
      ).json,
    );
    const elsewhere = WebhookSavedSchema.parse(
      (
        await create({
          url: other.url,
          kind: 'json',
          events: ['crash'],
          instance_uuids: ['INSTANCE_other'],
        })
      ).json,
    );
    const crashed = log.next(isInstanceKind(crashing, 'InstanceError'), 'the crash');
    await t.request('PUT', `/instance/${crashing}/start`, { token: owner });
    await crashed;
    const done = await until(target.id, (d) => d.length === 1 && d.every(settled));
    expect(done[0]).toMatchObject({ status: 'delivered', event: 'crash' });
    // The delivery log says which instance each delivery was about (issue 23 item 16).
    expect(done[0]!.instance).toEqual({ uuid: crashing, name: 'Crashy' });
    const body = JSON.parse(server.received[0]!.body) as {
      text: string;
      attachments: { text: string }[];
    };
    expect(body.text).toBe('*Crashy* Crashed');
    expect(body.attachments[0]!.text).toMatch(/Server crashed \(exit code 3\)/);
    expect(await deliveries(elsewhere.target.id)).toEqual([]);
    expect(other.received).toHaveLength(0);
  });
});

describe('payload formats', () => {
  const notice: Notice = {
    event: 'players',
    entry: null,
    title: 'Steve & <Alex> joined',
    detail: null,
    instance: { uuid: 'INSTANCE_a', name: 'Survival' },
    who: 'System',
    at: Date.UTC(2025, 0, 2),
    coreName: 'Core',
    level: 'Info',
  };

  it('builds Discord embeds and Slack text with escaping', () => {
    const discord = JSON.parse(payloadFor('discord', notice)) as {
      embeds: { title: string; timestamp: string; fields: { name: string; value: string }[] }[];
    };
    expect(discord.embeds[0]).toMatchObject({
      title: 'Steve & <Alex> joined',
      timestamp: '2025-01-02T00:00:00.000Z',
      fields: [
        { name: 'Instance', value: 'Survival' },
        { name: 'By', value: 'System' },
      ],
    });
    const slack = JSON.parse(payloadFor('slack', notice)) as { text: string };
    expect(slack.text).toBe('*Survival* Steve &amp; &lt;Alex&gt; joined');
  });
});
