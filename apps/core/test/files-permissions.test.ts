// Who may do what with instance files: read-only and permission-less users are refused every write,
// the protected-path rule (core-api.md §1.4.14, applied to move/copy/zip/unzip too) binds writers
// without can_write_global_file, and download keys are bound to their user and expire.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@hearth/protocol';
import { makeZip, snapshotTree } from '../src/services/files/test-helpers.ts';
import {
  causesOf,
  jobAfter,
  listTree,
  upload,
  uploadForm,
  useFilesCore,
  type FilesCore,
} from './files-helpers.ts';

const HOUR = 60 * 60 * 1000;
let clock = Date.now();
let fc: FilesCore;
let uuid: string;
let root: string;
let reader: { uid: string; token: string };
let writer: { uid: string; token: string };
let trusted: { uid: string; token: string };
let nobody: { uid: string; token: string };

const at = (...parts: string[]) => path.join(root, ...parts);
const as = (token: string, method: string, route: string, body?: unknown) =>
  fc.t.request(method, route, { token, ...(body === undefined ? {} : { body }) });
const write = (token: string, p: string, data = 'data') =>
  fc.t.request('PUT', apiPaths.fsWrite(uuid, p), { token, rawBody: data });
const download = (key: string) => fetch(`${fc.t.api}${apiPaths.download(key)}`);

useFilesCore(
  async (opened) => {
    fc = opened;
    ({ uuid, root } = fc);
    reader = await fc.t.createUser(fc.owner, 'reader');
    writer = await fc.t.createUser(fc.owner, 'writer');
    trusted = await fc.t.createUser(fc.owner, 'trusted');
    nobody = await fc.t.createUser(fc.owner, 'nobody');
    await fc.t.grant(fc.owner, reader.uid, { can_read_instance_file: [uuid] });
    await fc.t.grant(fc.owner, writer.uid, {
      can_read_instance_file: [uuid],
      can_write_instance_file: [uuid],
    });
    await fc.t.grant(fc.owner, trusted.uid, {
      can_read_instance_file: [uuid],
      can_write_instance_file: [uuid],
      can_write_global_file: true,
    });
    await fs.writeFile(at('notes.txt'), 'notes');
    await fs.writeFile(at('server.jar'), 'jar');
    await fs.mkdir(at('plugins'));
    await fs.writeFile(at('plugins', 'a.jar'), 'plugin');
    await fs.mkdir(at('plain'));
    await fs.writeFile(at('plain', 'x.txt'), 'x');
    await fs.mkdir(at('mods'));
    await fs.writeFile(at('safe.zip'), await makeZip([{ name: 'readme.txt', data: 'r' }]));
    await fs.writeFile(
      at('jar.zip'),
      await makeZip([
        { name: 'pack/evil.jar', data: 'j' },
        { name: 'pack/ok.txt', data: 'o' },
      ]),
    );
  },
  { now: () => clock },
);

/** Every write route, for the denial tables. */
const writeRoutes = (): [string, string, unknown][] => [
  ['PUT', apiPaths.fsWrite(uuid, 'notes.txt'), undefined],
  ['PUT', apiPaths.fsNew(uuid, 'new.txt'), undefined],
  ['PUT', apiPaths.fsMkdir(uuid, 'newdir'), undefined],
  ['DELETE', apiPaths.fsRm(uuid, 'notes.txt'), undefined],
  ['DELETE', apiPaths.fsRmdir(uuid, 'plain'), undefined],
  ['PUT', apiPaths.fsMove(uuid, 'notes.txt', 'moved.txt'), undefined],
  [
    'PUT',
    apiPaths.fsCpr(uuid),
    { relative_paths_source: ['notes.txt'], relative_path_dest: 'plain' },
  ],
  [
    'PUT',
    apiPaths.fsZip(uuid),
    { target_relative_paths: ['notes.txt'], destination_relative_path: 'n.zip' },
  ],
  ['PUT', apiPaths.fsUnzip(uuid, 'safe.zip'), 'Normal'],
];

describe('users without write permission', () => {
  it('a read-only user can ls, read and get a download key', async () => {
    expect((await as(reader.token, 'GET', apiPaths.fsLs(uuid, '.'))).status).toBe(200);
    expect((await as(reader.token, 'GET', apiPaths.fsRead(uuid, 'notes.txt'))).text).toBe('notes');
    const key = await as(reader.token, 'GET', apiPaths.fsUrl(uuid, 'notes.txt'));
    expect(key.status).toBe(200);
    expect(await (await download(key.text)).text()).toBe('notes');
  });

  it('a read-only user is refused every write route (403) and nothing changes', async () => {
    const before = await snapshotTree(root);
    for (const [method, route, body] of writeRoutes()) {
      const res =
        method === 'PUT' && route.endsWith('/write')
          ? await write(reader.token, 'notes.txt')
          : await as(reader.token, method, route, body);
      expect(res.status, `${method} ${route}`).toBe(403);
      expect(res.json).toEqual({
        kind: 'PermissionDenied',
        causes: ["You don't have permission to write this instance's files"],
      });
    }
    const up = await upload(
      fc,
      reader.token,
      'plain',
      uploadForm([{ name: 'u.txt', data: Buffer.alloc(128 * 1024) }]),
    );
    expect(up.status).toBe(403);
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('a user without any file permission cannot even list, read or get a key', async () => {
    for (const route of [
      apiPaths.fsLs(uuid, '.'),
      apiPaths.fsRead(uuid, 'notes.txt'),
      apiPaths.fsUrl(uuid, 'notes.txt'),
    ]) {
      const res = await as(nobody.token, 'GET', route);
      expect(res.status, route).toBe(403);
      expect(causesOf(res)).toBe("You don't have permission to read this instance's files");
    }
    for (const [method, route, body] of writeRoutes())
      expect((await as(nobody.token, method, route, body)).status).toBe(403);
  });
});

const PROTECTED =
  /^You don't have permission to modify protected files \(\.jar, .*\): .+ is protected$/;

describe('the protected-path rule for a writer without can_write_global_file', () => {
  it.each([
    ['write a .sh', () => write(writer.token, 'run.sh')],
    ['write a file without an extension', () => write(writer.token, 'Makefile')],
    ['overwrite a .jar', () => write(writer.token, 'server.jar')],
    ['write the instance config file', () => write(writer.token, '.lodestone_config')],
    ['create a .jar', () => as(writer.token, 'PUT', apiPaths.fsNew(uuid, 'server2.jar'))],
    [
      'create a .BAT (case-insensitive)',
      () => as(writer.token, 'PUT', apiPaths.fsNew(uuid, 'start.BAT')),
    ],
    ['delete a .jar', () => as(writer.token, 'DELETE', apiPaths.fsRm(uuid, 'server.jar'))],
    [
      'delete a folder holding a .jar',
      () => as(writer.token, 'DELETE', apiPaths.fsRmdir(uuid, 'plugins')),
    ],
    ['delete the mods folder', () => as(writer.token, 'DELETE', apiPaths.fsRmdir(uuid, 'mods'))],
    [
      'rename a .txt to .sh',
      () => as(writer.token, 'PUT', apiPaths.fsMove(uuid, 'notes.txt', 'notes.sh')),
    ],
    [
      'rename a .jar away',
      () => as(writer.token, 'PUT', apiPaths.fsMove(uuid, 'server.jar', 'server.txt')),
    ],
    [
      'rename a folder holding a .jar',
      () => as(writer.token, 'PUT', apiPaths.fsMove(uuid, 'plugins', 'plugins-old')),
    ],
    [
      'rename a folder to mods',
      () => as(writer.token, 'PUT', apiPaths.fsMove(uuid, 'plain', 'mods2/mods')),
    ],
    [
      'copy a folder holding a .jar',
      () =>
        as(writer.token, 'PUT', apiPaths.fsCpr(uuid), {
          relative_paths_source: ['plugins'],
          relative_path_dest: 'plain',
        }),
    ],
    [
      'copy into mods',
      () =>
        as(writer.token, 'PUT', apiPaths.fsCpr(uuid), {
          relative_paths_source: ['notes.txt'],
          relative_path_dest: 'mods',
        }),
    ],
    [
      'zip to a .jar',
      () =>
        as(writer.token, 'PUT', apiPaths.fsZip(uuid), {
          target_relative_paths: ['notes.txt'],
          destination_relative_path: 'evil.jar',
        }),
    ],
    [
      'unzip into mods',
      () => as(writer.token, 'PUT', apiPaths.fsUnzip(uuid, 'safe.zip'), { ToDir: 'mods' }),
    ],
    [
      'upload a .jar',
      () => upload(fc, writer.token, 'plain', uploadForm([{ name: 'evil.jar', data: 'x' }])),
    ],
    [
      'upload a .txt and a .sh together',
      () =>
        upload(
          fc,
          writer.token,
          'plain',
          uploadForm([
            { name: 'fine.txt', data: 'f' },
            { name: 'evil.sh', data: 'x' },
          ]),
        ),
    ],
  ])('%s is a 403 with a clear message, and nothing changes', async (_label, attempt) => {
    const before = await snapshotTree(root);
    const res = await attempt();
    expect(res.status, res.text).toBe(403);
    expect(causesOf(res)).toMatch(PROTECTED);
    expect(await snapshotTree(root)).toEqual(before);
  });

  it('ordinary files stay writable: write, new, rm, move, copy, zip and unzip of unprotected paths', async () => {
    expect((await write(writer.token, 'w.txt', 'w')).status).toBe(200);
    expect((await as(writer.token, 'PUT', apiPaths.fsNew(uuid, 'w2.properties'))).status).toBe(200);
    expect(
      (await as(writer.token, 'PUT', apiPaths.fsMove(uuid, 'w.txt', 'plain/w.txt'))).status,
    ).toBe(200);
    expect(
      (await as(writer.token, 'PUT', apiPaths.fsMove(uuid, 'plain', 'plain-renamed'))).status,
    ).toBe(200);
    expect(
      (await as(writer.token, 'PUT', apiPaths.fsMove(uuid, 'plain-renamed', 'plain'))).status,
    ).toBe(200);
    expect((await as(writer.token, 'DELETE', apiPaths.fsRm(uuid, 'w2.properties'))).status).toBe(
      200,
    );
    const from = fc.log.events.length;
    expect(
      (
        await as(writer.token, 'PUT', apiPaths.fsZip(uuid), {
          target_relative_paths: ['plugins'],
          destination_relative_path: 'plugins.zip',
        })
      ).status,
    ).toBe(200);
    expect((await jobAfter(fc.log, from, 'Zipping plugins')).end.success).toBe(true);
    expect(
      (await as(writer.token, 'PUT', apiPaths.fsUnzip(uuid, 'safe.zip'), { ToDir: 'extracted' }))
        .status,
    ).toBe(200);
    expect((await jobAfter(fc.log, from, 'Unzipping safe.zip')).end.success).toBe(true);
    expect(await fs.readFile(at('extracted', 'readme.txt'), 'utf8')).toBe('r');
    expect(
      (await upload(fc, writer.token, 'plain', uploadForm([{ name: 'up.txt', data: 'u' }]))).status,
    ).toBe(200);
    expect(await listTree(at('plain'))).toEqual(['up.txt', 'w.txt', 'x.txt']);
  });

  it('an archive that brings a .jar is extracted, found protected, rolled back and reported', async () => {
    await fs.mkdir(at('unz'));
    await fs.copyFile(at('jar.zip'), at('unz', 'jar.zip'));
    const from = fc.log.events.length;
    const res = await as(writer.token, 'PUT', apiPaths.fsUnzip(uuid, 'unz/jar.zip'), 'Normal');
    expect(res.status).toBe(200);
    const job = await jobAfter(fc.log, from, 'Unzipping jar.zip');
    expect(job.end.success).toBe(false);
    expect(job.end.message).toMatch(
      /^Failed to unzip jar\.zip: You don't have permission to modify protected files .*: The archive contains protected files \(unz\/pack\)$/,
    );
    expect(await listTree(at('unz'))).toEqual(['jar.zip']);
  });

  it('a writer with can_write_global_file (safe mode on) and the owner are not bound by the rule', async () => {
    expect((await write(trusted.token, 'trusted.sh', 'echo hi')).status).toBe(200);
    expect(
      (await upload(fc, trusted.token, 'mods', uploadForm([{ name: 'mod.jar', data: 'm' }])))
        .status,
    ).toBe(200);
    expect(
      (await as(trusted.token, 'PUT', apiPaths.fsMove(uuid, 'trusted.sh', 'trusted2.sh'))).status,
    ).toBe(200);
    expect((await write(fc.owner, 'owner.bat', 'rem')).status).toBe(200);
    await fs.mkdir(at('unz2'));
    await fs.copyFile(at('jar.zip'), at('unz2', 'jar.zip'));
    const from = fc.log.events.length;
    expect(
      (await as(trusted.token, 'PUT', apiPaths.fsUnzip(uuid, 'unz2/jar.zip'), 'Normal')).status,
    ).toBe(200);
    expect((await jobAfter(fc.log, from, 'Unzipping jar.zip')).end.success).toBe(true);
    expect(await fs.readFile(at('unz2', 'pack', 'evil.jar'), 'utf8')).toBe('j');
    expect((await as(trusted.token, 'DELETE', apiPaths.fsRmdir(uuid, 'unz2'))).status).toBe(200);
    expect(await listTree(at('mods'))).toEqual(['mod.jar']);
  });
});

describe('download keys', () => {
  const NOT_FOUND = { kind: 'NotFound', causes: ['File not found with the download key'] };

  it('expire after one hour (by the core clock)', async () => {
    const key = (await as(reader.token, 'GET', apiPaths.fsUrl(uuid, 'notes.txt'))).text;
    clock += HOUR - 1000;
    expect((await download(key)).status).toBe(200);
    clock += 1000;
    const expired = await download(key);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual(NOT_FOUND);
  });

  it('stop working while their user lacks ReadInstanceFile, and work again once it is granted back', async () => {
    const key = (await as(reader.token, 'GET', apiPaths.fsUrl(uuid, 'notes.txt'))).text;
    await fc.t.grant(fc.owner, reader.uid, {});
    const revoked = await download(key);
    expect(revoked.status).toBe(404);
    expect(await revoked.json()).toEqual(NOT_FOUND);
    await fc.t.grant(fc.owner, reader.uid, { can_read_instance_file: [uuid] });
    expect(await (await download(key)).text()).toBe('notes');
  });

  it('die with their user', async () => {
    const doomed = await fc.t.createUser(fc.owner, 'doomed');
    await fc.t.grant(fc.owner, doomed.uid, { can_read_instance_file: [uuid] });
    const key = (await as(doomed.token, 'GET', apiPaths.fsUrl(uuid, 'plain'))).text;
    expect((await download(key)).status).toBe(200);
    expect((await as(fc.owner, 'DELETE', `/user/${doomed.uid}`)).status).toBe(200);
    const gone = await download(key);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual(NOT_FOUND);
  });

  it('die with their instance', async () => {
    const key = (await as(fc.owner, 'GET', apiPaths.fsUrl(uuid, 'notes.txt'))).text;
    expect((await download(key)).status).toBe(200);
    const res = await as(fc.owner, 'DELETE', `/instance/${uuid}`);
    expect(res.status, res.text).toBe(200);
    const gone = await download(key);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual(NOT_FOUND);
    expect((await as(fc.owner, 'GET', apiPaths.fsLs(uuid, '.'))).status).toBe(404);
  });
});
