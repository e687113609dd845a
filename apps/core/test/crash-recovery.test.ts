// kill -9 of the core in the middle of a write, an upload and an unzip (issue 10): the next boot
// finds no temp file and no partial file anywhere, and users, tokens and settings are intact. The
// core runs as its own process (src/main.ts through tsx) and is killed by its recorded pid.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InstanceInfoSchema, LoginReplySchema, apiPaths } from '@hearth/protocol';
import { z } from 'zod';
import { makeGzipOfZeros } from '../src/services/files/test-helpers.ts';
import { killAllCores, spawnCore, type CoreProcess } from './core-process.ts';
import { pollUntil } from '../test-support/poll.ts';

const MIB = 1024 * 1024;
const BOUNDARY = 'hearth-crash-test-boundary';

const dirs: string[] = [];
const requests: http.ClientRequest[] = [];
afterAll(async () => {
  for (const req of requests) req.destroy();
  await killAllCores();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

/**
 * A PUT whose body starts and never ends (chunked): `first` is sent, then the request hangs there
 * until the core dies under it.
 */
function hangingPut(
  core: CoreProcess,
  route: string,
  token: string,
  contentType: string,
  first: Buffer,
): void {
  const url = new URL(`${core.api}${route}`);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
  req.on('error', () => undefined);
  req.write(first);
  requests.push(req);
}

/** Every path under `dir` (links listed, never followed), relative, with the entry's kind and size. */
async function walk(dir: string): Promise<{ rel: string; isDir: boolean; size: number }[]> {
  const out: { rel: string; isDir: boolean; size: number }[] = [];
  const visit = async (current: string, prefix: string): Promise<void> => {
    // The core may remove a folder while it is read: skip it.
    const entries = await fs.readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      const st = await fs.lstat(path.join(current, entry.name)).catch(() => null);
      if (st === null) continue;
      out.push({ rel, isDir: st.isDirectory(), size: st.size });
      if (st.isDirectory()) await visit(path.join(current, entry.name), rel);
    }
  };
  await visit(dir, '');
  return out;
}

const isTemp = (rel: string) => rel.split('/').some((part) => part.startsWith('.hearth-tmp-'));

describe('kill -9 during writes, uploads and an unzip', () => {
  it('leaves no temp or partial file after a restart, and users and settings intact', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-crash-'));
    dirs.push(dataDir);
    const core = await spawnCore(dataDir);
    const { owner, uuid, root } = await core.setupWithInstance();
    const created = await core.request('POST', '/user', {
      token: owner,
      body: { username: 'bob', password: 'bob-password' },
    });
    expect(created.status, created.text).toBe(200);
    const bob = LoginReplySchema.parse(created.json).token;
    expect(
      (await core.request('PUT', '/global_settings/name', { token: owner, body: 'Crash test' }))
        .status,
    ).toBe(200);
    for (const [file, data] of [
      ['world.txt', Buffer.from('old world')],
      ['zeros.gz', makeGzipOfZeros(4096 * MIB)],
    ] as const) {
      const put = await core.request('PUT', apiPaths.fsWrite(uuid, file), {
        token: owner,
        rawBody: data,
      });
      expect(put.status, put.text).toBe(200);
    }
    const before = (await walk(root)).filter((e) => !isTemp(e.rel)).map((e) => e.rel);

    // A write replacing world.txt and an upload of upload.bin, both stopped half-way...
    hangingPut(
      core,
      apiPaths.fsWrite(uuid, 'world.txt'),
      owner,
      'application/octet-stream',
      Buffer.alloc(MIB, 'n'),
    );
    const part = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="upload.bin"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.alloc(MIB, 'u'),
    ]);
    hangingPut(
      core,
      apiPaths.fsUpload(uuid, '.'),
      owner,
      `multipart/form-data; boundary=${BOUNDARY}`,
      part,
    );
    const tempFiles = async () =>
      (await walk(root)).filter((e) => isTemp(e.rel) && !e.isDir && e.size > 0);
    // Probed often: the kill must land while the transfers are under way.
    const often = { intervalMs: 10 };
    await pollUntil(
      'the write and upload temp files',
      async () => (await tempFiles()).length >= 2,
      often,
    );

    // ...and an extraction of 4 GiB of zeros, killed as soon as its output is being written.
    const unzip = await core.request('PUT', apiPaths.fsUnzip(uuid, 'zeros.gz'), {
      token: owner,
      body: 'Normal',
    });
    expect(unzip.status, unzip.text).toBe(200);
    await pollUntil(
      'the extraction output',
      async () => (await tempFiles()).some((e) => e.rel.includes('/')),
      often,
    );
    await core.kill();

    // The kill landed mid-transfer: the three operations' temp files are still there.
    const leftovers = (await walk(root)).filter((e) => isTemp(e.rel));
    expect(leftovers.filter((e) => !e.rel.includes('/') && !e.isDir)).toHaveLength(2);
    expect(leftovers.some((e) => e.isDir)).toBe(true);

    const again = await spawnCore(dataDir);
    expect((await walk(dataDir)).filter((e) => isTemp(e.rel))).toEqual([]);
    expect((await walk(root)).map((e) => e.rel)).toEqual(before);
    expect(await fs.readFile(path.join(root, 'world.txt'), 'utf8')).toBe('old world');

    const login = await again.request('POST', '/user/login', {
      headers: { authorization: `Basic ${Buffer.from('owner:owner-password').toString('base64')}` },
      rawBody: '{}',
    });
    expect(login.status, login.text).toBe(200);
    const info = await again.request('GET', '/user/info', { token: bob });
    expect(info.status, info.text).toBe(200);
    expect(info.json).toMatchObject({ username: 'bob' });
    const settings = await again.request('GET', '/global_settings', { token: owner });
    expect(settings.json).toMatchObject({ core_name: 'Crash test' });
    const list = await again.request('GET', '/instance/list', { token: owner });
    expect(
      z
        .array(InstanceInfoSchema)
        .parse(list.json)
        .map((i) => i.uuid),
    ).toEqual([uuid]);
    // The restarted core extracts again (nothing of the killed job is held).
    const retry = await again.request('PUT', apiPaths.fsUnzip(uuid, 'world.txt'), {
      token: owner,
      body: 'Normal',
    });
    expect(retry.json).toEqual({
      kind: 'BadRequest',
      causes: ['Failed to unzip world.txt', 'Unsupported archive type'],
    });
    await again.stop();
  });
});
