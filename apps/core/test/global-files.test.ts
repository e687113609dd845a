// Issue 15 (Lodestone's dashboard against our core): the global file routes of core-api.md §1.4.15,
// served from one folder (default <dataDir>/global, or --global-dir / HEARTH_GLOBAL_DIR) through the
// file sandbox, with can_read_global_file / can_write_global_file and safe mode as the spec says.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, emptyPermissions, type ClientFile } from '@hearth/protocol';
import { parseConfig } from '../src/config.ts';
import type { TestCore } from './helpers.ts';
import { useOwnedCore, type EventLog } from './instance-helpers.ts';

let t: TestCore;
let owner: string;
let log: EventLog;
let root: string;
let scratch: string;

beforeAll(async () => {
  scratch = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-global-test-')));
  await fs.writeFile(path.join(scratch, 'secret.txt'), 'outside');
});
afterAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true });
});
useOwnedCore((core) => {
  ({ t, owner, log } = core);
  root = path.join(t.dataDir, 'global');
});

const as = (token: string) => ({
  call: (method: string, route: string, opts: { body?: unknown; rawBody?: string } = {}) =>
    t.request(method, route, { token, ...opts }),
});
const req = (method: string, route: string, opts: { body?: unknown; rawBody?: string } = {}) =>
  t.request(method, route, { token: owner, ...opts });

describe('global files', () => {
  it('creates the global folder at boot, inside the data directory by default', async () => {
    expect((await fs.stat(root)).isDirectory()).toBe(true);
    const config = parseConfig(['--global-dir', 'shared'], { HEARTH_GLOBAL_DIR: 'env' }, '/srv');
    expect(config.globalDir).toBe('/srv/shared');
    expect(parseConfig([], { HEARTH_GLOBAL_DIR: 'env' }, '/srv').globalDir).toBe('/srv/env');
    expect(parseConfig([], {}, '/srv').globalDir).toBeUndefined();
  });

  it('writes, reads, lists, moves and deletes, with FSEvents on host paths', async () => {
    expect((await req('PUT', apiPaths.globalFsMkdir('notes'))).status).toBe(200);
    const write = await req('PUT', apiPaths.globalFsWrite('notes/a.txt'), { rawBody: 'hello' });
    expect(write.status, write.text).toBe(200);
    expect(await fs.readFile(path.join(root, 'notes/a.txt'), 'utf8')).toBe('hello');
    expect((await req('GET', apiPaths.globalFsRead('notes/a.txt'))).text).toBe('hello');

    const ls = await req('GET', apiPaths.globalFsLs('notes'));
    expect((ls.json as ClientFile[]).map((f) => [f.name, f.path, f.size])).toEqual([
      ['a.txt', 'notes/a.txt', 5],
    ]);
    const write2 = await log.wait(
      (e) =>
        e.event_inner.type === 'FSEvent' &&
        e.event_inner.operation === 'Write' &&
        e.event_inner.target.path === path.join(root, 'notes/a.txt'),
      'the write FSEvent',
    );
    expect(write2.caused_by).toMatchObject({ type: 'User', user_name: 'owner' });

    expect((await req('PUT', apiPaths.globalFsNew('notes/b.txt'))).status).toBe(200);
    expect((await req('PUT', apiPaths.globalFsMove('notes/b.txt', 'notes/c.txt'))).status).toBe(
      200,
    );
    await fs.access(path.join(root, 'notes/c.txt'));
    expect((await req('DELETE', apiPaths.globalFsRm('notes/c.txt'))).status).toBe(200);
    expect((await req('DELETE', apiPaths.globalFsRmdir('notes'))).status).toBe(200);
    await expect(fs.access(path.join(root, 'notes'))).rejects.toThrow();
  });

  it('accepts an absolute path inside the global folder and refuses one outside it', async () => {
    await fs.writeFile(path.join(root, 'abs.txt'), 'absolute');
    const inside = await req('GET', apiPaths.globalFsRead(path.join(root, 'abs.txt')));
    expect(inside.text).toBe('absolute');
    const outside = await req('GET', apiPaths.globalFsRead(path.join(scratch, 'secret.txt')));
    expect(outside.status).toBe(400);
    expect(outside.json).toEqual({
      kind: 'BadRequest',
      causes: ['Invalid path', `Global files live in ${root} only`],
    });
    const dotdot = await req('GET', apiPaths.globalFsRead(`${root}/../../secret.txt`));
    expect(dotdot.status).toBe(400);
    expect((await req('GET', apiPaths.globalFsRead('../secret.txt'))).status).toBe(400);
    await fs.symlink(scratch, path.join(root, 'escape'));
    const viaLink = await req('GET', apiPaths.globalFsRead('escape/secret.txt'));
    expect(viaLink.status).toBe(403);
    const overwrite = await req('PUT', apiPaths.globalFsWrite('escape/secret.txt'), {
      rawBody: 'x',
    });
    expect(overwrite.status).toBe(403);
    expect(await fs.readFile(path.join(scratch, 'secret.txt'), 'utf8')).toBe('outside');
    expect((await req('DELETE', apiPaths.globalFsRmdir('.'))).status).toBe(403);
  });

  it('uploads into a folder and downloads through a key', async () => {
    const form = new FormData();
    form.append('file', new Blob(['up one']), 'one.txt');
    form.append('file', new Blob(['up two']), 'two.txt');
    const up = await fetch(`${t.api}${apiPaths.globalFsUpload('drop')}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    });
    expect(up.status, await up.text()).toBe(200);
    expect(await fs.readFile(path.join(root, 'drop/two.txt'), 'utf8')).toBe('up two');

    const key = await req('GET', apiPaths.globalFsDownload('drop/one.txt'));
    expect(key.status).toBe(200);
    const file = await fetch(`${t.api}${apiPaths.download(key.text)}`);
    expect(await file.text()).toBe('up one');
    const folderKey = await req('GET', apiPaths.globalFsDownload('drop'));
    const zip = await fetch(`${t.api}${apiPaths.download(folderKey.text)}`);
    expect(zip.headers.get('content-disposition')).toContain('drop.zip');
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('needs the global permissions; safe mode leaves them to the owner', async () => {
    const user = await t.createUser(owner, 'globe');
    const grant = async (perms: Partial<ReturnType<typeof emptyPermissions>>) => {
      const res = await req('PUT', `/user/${user.uid}/update_perm`, {
        body: { ...emptyPermissions(), ...perms },
      });
      expect(res.status, res.text).toBe(200);
    };
    const asUser = as(user.token).call;
    await t.core.ctx.settings.setSafeMode(false);
    expect((await asUser('GET', apiPaths.globalFsLs('.'))).status).toBe(403);
    await grant({ can_read_global_file: true });
    expect((await asUser('GET', apiPaths.globalFsLs('.'))).status).toBe(200);
    expect((await asUser('PUT', apiPaths.globalFsNew('u.txt'))).status).toBe(403);
    await grant({ can_read_global_file: true, can_write_global_file: true });
    expect((await asUser('PUT', apiPaths.globalFsNew('u.txt'))).status).toBe(200);

    await t.core.ctx.settings.setSafeMode(true);
    const refused = await asUser('GET', apiPaths.globalFsLs('.'));
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ causes: [expect.stringContaining('safe mode is on')] });
    expect((await req('GET', apiPaths.globalFsLs('.'))).status).toBe(200);
  });
});
