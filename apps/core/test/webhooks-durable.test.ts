// Issue 25, reproduction 3: webhook deliveries survive the core. Deliveries to a receiver that is
// down when the core is killed (-9) or stopped (SIGTERM) stayed "queued, attempts 0" for ever;
// the next core must send them. The core runs as its own process.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WebhookDeliverySchema, WebhookSavedSchema, type WebhookDelivery } from '@hearth/protocol';
import { killAllCores, spawnCore, type CoreProcess } from './core-process.ts';
import { freePort } from './instance-helpers.ts';
import { pollFor } from '../test-support/poll.ts';

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];

afterAll(async () => {
  await killAllCores();
  for (const close of closers) await close();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const until = <T>(what: string, probe: () => Promise<T | null>) =>
  pollFor(what, probe, { timeoutMs: 45_000 });

/** A receiver on `port` that answers 204 and keeps the `summary` of each generic JSON body. */
async function receiver(port: number): Promise<{ summaries: string[] }> {
  const summaries: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      summaries.push((JSON.parse(body) as { summary: string }).summary);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { summaries };
}

async function deliveries(core: CoreProcess, token: string, id: string) {
  const res = await core.request('GET', `/webhooks/${id}/deliveries`, { token });
  return z.array(WebhookDeliverySchema).parse(res.json);
}

/**
 * A core with one instance and a generic JSON webhook on its state changes to a port nobody
 * listens on; the instance is started, so its deliveries fail and wait to be retried.
 */
async function coreWithWaitingDeliveries() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-webhooks-durable-'));
  dirs.push(dataDir);
  const core = await spawnCore(dataDir);
  const { owner, uuid } = await core.setupWithInstance();
  const allow = await core.request('PUT', '/webhooks/settings/private_targets', {
    token: owner,
    body: true,
  });
  expect(allow.status, allow.text).toBe(200);
  const port = await freePort();
  const saved = await core.request('POST', '/webhooks', {
    token: owner,
    body: { name: 'Down', kind: 'json', events: ['state'], url: `http://127.0.0.1:${port}/hook` },
  });
  expect(saved.status, saved.text).toBe(200);
  const { target } = WebhookSavedSchema.parse(saved.json);
  const started = await core.request('PUT', `/instance/${uuid}/start`, { token: owner });
  expect(started.status, started.text).toBe(200);
  await until('the server to run', async () => {
    const res = await core.request('GET', `/instance/${uuid}/state`, { token: owner });
    return res.json === 'Running' ? true : null;
  });
  // Starting and Running: both wait, the first one after a failed attempt.
  const waiting = await until('deliveries waiting for a retry', async () => {
    const rows = await deliveries(core, owner, target.id);
    return rows.length >= 2 && rows.some((d) => d.status === 'retrying') ? rows : null;
  });
  expect(waiting.every((d) => d.status === 'queued' || d.status === 'retrying')).toBe(true);
  return { dataDir, core, owner, port, id: target.id, waiting };
}

/** The next core sends what was waiting (and records it delivered) once the receiver is up. */
async function expectSentAfterRestart(
  dataDir: string,
  owner: string,
  port: number,
  id: string,
  waiting: WebhookDelivery[],
): Promise<CoreProcess> {
  const got = await receiver(port);
  // A short grace: the orphan a kill -9 leaves is stopped at boot.
  const again = await spawnCore(dataDir, { args: ['--stop-timeout', '1'] });
  const want = waiting.map((d) => d.summary);
  await until('the waiting deliveries to arrive', async () =>
    want.every((summary) => got.summaries.includes(summary)) ? true : null,
  );
  const ids = new Set(waiting.map((d) => d.id));
  const settled = await until('the waiting deliveries to be recorded', async () => {
    const rows = (await deliveries(again, owner, id)).filter((d) => ids.has(d.id));
    return rows.every((d) => d.status === 'delivered') ? rows : null;
  });
  expect(settled).toHaveLength(waiting.length);
  return again;
}

describe('webhook deliveries outlive the core', () => {
  it('sends what a core killed with -9 left waiting', async () => {
    const { dataDir, core, owner, port, id, waiting } = await coreWithWaitingDeliveries();
    await core.kill();
    const again = await expectSentAfterRestart(dataDir, owner, port, id, waiting);
    await again.stop();
  }, 180_000);

  it('sends what a core stopped with SIGTERM left waiting, and what it queued while stopping', async () => {
    const { dataDir, core, owner, port, id, waiting } = await coreWithWaitingDeliveries();
    await core.stop();
    const again = await expectSentAfterRestart(dataDir, owner, port, id, waiting);
    // The server stopped with the core: that change was queued on the way down and sent now.
    const rows = await until('the shutdown’s own deliveries', async () => {
      const all = await deliveries(again, owner, id);
      return all.length >= waiting.length + 2 && all.every((d) => d.status === 'delivered')
        ? all
        : null;
    });
    expect(rows.length).toBeGreaterThanOrEqual(waiting.length + 2);
    await again.stop();
  }, 180_000);
});
