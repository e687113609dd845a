import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientErrorSchema } from '@hearth/protocol';
import { startTestCore, type TestCore } from './helpers.ts';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const expectEnvelope = (res: { status: number; json: unknown; text: string }, status: number) => {
  expect(res.status).toBe(status);
  ClientErrorSchema.parse(res.json);
  expect(res.text).not.toMatch(/\n\s+at /);
};

describe('bad input never crashes the core and always gets the envelope', () => {
  it('answers malformed JSON, wrong types, unknown routes and oversized bodies', async () => {
    t = await startTestCore();
    const owner = await t.setupOwner();
    expectEnvelope(
      await t.request('POST', '/user', {
        token: owner,
        rawBody: '{"username":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    expectEnvelope(
      await t.request('POST', '/user', { token: owner, body: { username: 7, password: ['x'] } }),
      400,
    );
    expectEnvelope(await t.request('POST', '/user', { token: owner, body: [] }), 400);
    expectEnvelope(await t.request('GET', '/no/such/route', { token: owner }), 404);
    expectEnvelope(await t.request('DELETE', '/info'), 404);
    expectEnvelope(
      await t.request('POST', '/user', {
        token: owner,
        rawBody: `"${'x'.repeat(3 * 1024 * 1024)}"`,
        headers: { 'content-type': 'application/json' },
      }),
      413,
    );
    expectEnvelope(await t.request('GET', '/check/port/notaport'), 400);
    expectEnvelope(
      await t.request('GET', '/events/all/buffer?filter=%7Bnope', { token: owner }),
      400,
    );
    expectEnvelope(
      await t.request('GET', '/events/all/buffer?filter=%7B%22event_levels%22%3A5%7D', {
        token: owner,
      }),
      400,
    );
    expectEnvelope(
      await t.request('POST', '/user/login', { headers: { authorization: 'Basic !!!' } }),
      401,
    );
    // Still alive after all of that.
    expect((await t.request('GET', '/info')).status).toBe(200);
  });

  it('answers CORS preflights for any origin with the headers the dashboard needs', async () => {
    t = await startTestCore();
    const res = await fetch(`${t.api}/user/info`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://example.test',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    );
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('serves the dashboard with an SPA fallback but keeps API 404s as JSON', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Hearth</title>');
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestCore({ dashboardDir: dist });
    const root = await fetch(`${t.origin}/`);
    expect(await root.text()).toContain('<title>Hearth</title>');
    const deep = await fetch(`${t.origin}/dashboard/overview?instance=x`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Hearth</title>');
    const asset = await fetch(`${t.origin}/assets/app.js`);
    expect(await asset.text()).toBe('console.log(1)');
    const api = await fetch(`${t.origin}/api/v1/unknown`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ kind: 'NotFound' });
  });

  it('reports system facts and port checks', async () => {
    t = await startTestCore();
    const ram = (await t.request('GET', '/system/ram')).json as { total: number; free: number };
    expect(ram.total).toBeGreaterThan(ram.free);
    const cpu = (await t.request('GET', '/system/cpu')).json as { cpu_load: number };
    expect(cpu.cpu_load).toBeGreaterThanOrEqual(0);
    const port = Number(new URL(t.origin).port);
    expect((await t.request('GET', `/check/port/${port}`)).json).toEqual({
      is_in_use: true,
      is_allocated: false,
    });
    expect((await t.request('GET', '/check/name/Anything')).json).toBe(false);
  });
});
