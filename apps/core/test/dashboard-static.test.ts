// Issue 16: the dashboard is sent compressed — the build's brotli/gzip twins chosen by
// Accept-Encoding — with immutable caching for hashed assets and index.html revalidated.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from './helpers.ts';

let t: TestCore;
let dist: string;
const script = `console.log(${JSON.stringify('hearth '.repeat(400))});\n`;
const html = `<!doctype html><html><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  const write = async (name: string, text: string) => {
    await fs.writeFile(path.join(dist, name), text);
    await fs.writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await fs.writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  };
  await write('index.html', html);
  await write('assets/app-abc123.js', script);
  t = await startTestCore({ dashboardDir: dist });
});

afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** The bytes as sent (fetch would decode them). */
function get(route: string, encoding: string) {
  return new Promise<{ res: { status: number; headers: Headers }; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${t.origin}${route}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              if (typeof v === 'string') headers.set(k, v);
            resolve({ res: { status: res.statusCode ?? 0, headers }, body: Buffer.concat(chunks) });
          });
        })
        .on('error', reject);
    },
  );
}

describe('the dashboard as sent', () => {
  it('sends brotli to a browser that accepts it, gzip to one that only takes gzip, else plain', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(script.length / 4);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(script);
  });

  it('caches hashed assets for good and revalidates index.html, also on the SPA fallback', async () => {
    const asset = await get('/assets/app-abc123.js', 'br');
    expect(asset.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const index = await get('/', 'br');
    expect(index.res.headers.get('cache-control')).toBe('no-cache');
    expect(index.res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(index.body).toString()).toBe(html);
    const deep = await get('/dashboard/console?instance=x', 'gzip');
    expect(deep.res.status).toBe(200);
    expect(deep.res.headers.get('cache-control')).toBe('no-cache');
    const text =
      deep.res.headers.get('content-encoding') === 'gzip'
        ? gunzipSync(deep.body).toString()
        : deep.body.toString();
    expect(text).toBe(html);
  });
});
