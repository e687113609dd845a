// Happy paths of every instance file route (core-api.md §1.4.14, §1.4.16) through a real core, with
// the FSEvents and progressions they produce, plus the bad input each route must answer clearly.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClientFileSchema, apiPaths, type ClientFile } from '@hearth/protocol';
import { makeCompressedZip, makeTar, readZip } from '../src/services/files/test-helpers.ts';
import {
  b64,
  causesOf,
  eventually,
  fsEventsAfter,
  fsRoute,
  jobAfter,
  listTree,
  upload,
  uploadForm,
  useFilesCore,
  type FilesCore,
} from './files-helpers.ts';

let fc: FilesCore;
let uuid: string;
let root: string;
let owner: string;

useFilesCore(async (opened) => {
  fc = opened;
  ({ uuid, root, owner } = fc);
});

const req = (
  method: string,
  route: string,
  opts: { body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> } = {},
) => fc.t.request(method, route, { token: owner, ...opts });
const at = (...parts: string[]) => path.join(root, ...parts);
const mark = () => fc.log.events.length;

async function fresh(dir: string): Promise<void> {
  await fs.rm(at(dir), { recursive: true, force: true });
  await fs.mkdir(at(dir), { recursive: true });
}

describe('listing and reading', () => {
  it('ls answers ClientFiles sorted directories first, then by name, with instance-relative paths', async () => {
    await fresh('ls');
    await fs.mkdir(at('ls', 'zeta'));
    await fs.mkdir(at('ls', 'Alpha'));
    await fs.writeFile(at('ls', 'b.txt'), 'bb');
    await fs.writeFile(at('ls', 'a10.log'), '');
    await fs.writeFile(at('ls', 'a9.log'), '');
    const from = mark();
    const res = await req('GET', apiPaths.fsLs(uuid, 'ls'));
    expect(res.status, res.text).toBe(200);
    const files = z.array(ClientFileSchema).parse(res.json);
    expect(files.map((f) => f.name)).toEqual(['Alpha', 'zeta', 'a9.log', 'a10.log', 'b.txt']);
    expect(files.find((f) => f.name === 'b.txt')).toMatchObject({
      path: 'ls/b.txt',
      size: 2,
      extension: 'txt',
      file_stem: 'b',
      file_type: 'File',
    });
    expect(files[0]).toMatchObject({ path: 'ls/Alpha', size: null, file_type: 'Directory' });
    await eventually(async () => fsEventsAfter(fc.log, from).length > 0, 'the Read FSEvent');
    expect(fsEventsAfter(fc.log, from)).toEqual([
      { operation: 'Read', target: { type: 'Directory', path: at('ls') } },
    ]);
    const event = fc.log.events.slice(from).find((e) => e.event_inner.type === 'FSEvent');
    expect(event?.caused_by).toMatchObject({ type: 'User', user_name: 'owner' });
  });

  it('ls of the root (".", encoded Lg) lists the instance folder', async () => {
    expect(b64('.')).toBe('Lg');
    const res = await req('GET', fsRoute(uuid, 'Lg', 'ls'));
    expect(res.status).toBe(200);
    expect((res.json as ClientFile[]).map((f) => f.name)).toContain('ls');
  });

  it('read answers text/plain and emits Read on the file', async () => {
    await fs.writeFile(at('hello.txt'), 'héllo wörld\n');
    const from = mark();
    const res = await req('GET', apiPaths.fsRead(uuid, 'hello.txt'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toBe('héllo wörld\n');
    await eventually(async () => fsEventsAfter(fc.log, from).length > 0, 'the Read FSEvent');
    expect(fsEventsAfter(fc.log, from)).toEqual([
      { operation: 'Read', target: { type: 'File', path: at('hello.txt') } },
    ]);
  });

  it('read refuses binary files, files over 5 MiB and directories with clear 400s', async () => {
    await fs.writeFile(at('blob.bin'), Buffer.from([0x50, 0x4b, 0x00, 0x01]));
    await fs.writeFile(at('latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    await fs.writeFile(at('huge.log'), Buffer.alloc(5 * 1024 * 1024 + 1, 0x61));
    for (const [name, cause] of [
      ['blob.bin', /File is binary/],
      ['latin1.txt', /File is binary/],
      ['huge.log', /File is too large to open in the editor \(5\.1 MB > 5 MB\)/],
      ['ls', /Is a directory/],
    ] as const) {
      const res = await req('GET', apiPaths.fsRead(uuid, name));
      expect(res.status, name).toBe(400);
      expect(res.json).toMatchObject({ kind: 'BadRequest' });
      expect(causesOf(res), name).toMatch(cause);
    }
  });
});

describe('writing and creating', () => {
  it('write stores the raw body whatever its content type, replacing the file, and emits Write', async () => {
    const from = mark();
    for (const [type, body] of [
      ['application/json', '{"not":"parsed"'],
      ['application/octet-stream', 'bytes\u0000here'],
      ['text/plain; charset=utf-8', 'plain text'],
      ['image/png', 'any type at all'],
    ] as const) {
      const res = await req('PUT', apiPaths.fsWrite(uuid, 'written.txt'), {
        rawBody: body,
        headers: { 'content-type': type },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toBeNull();
      expect(await fs.readFile(at('written.txt'), 'utf8')).toBe(body);
    }
    const noType = await req('PUT', apiPaths.fsWrite(uuid, 'written.txt'), {
      rawBody: Buffer.from('no content type'),
    });
    expect(noType.status).toBe(200);
    expect(await fs.readFile(at('written.txt'), 'utf8')).toBe('no content type');
    const empty = await req('PUT', apiPaths.fsWrite(uuid, 'written.txt'));
    expect(empty.status).toBe(200);
    expect(await fs.readFile(at('written.txt'), 'utf8')).toBe('');
    expect(fsEventsAfter(fc.log, from)).toContainEqual({
      operation: 'Write',
      target: { type: 'File', path: at('written.txt') },
    });
    expect((await fs.readdir(root)).filter((n) => n.startsWith('.hearth-tmp-'))).toEqual([]);
  });

  it('write accepts a body far over the JSON body limit (no size cap, streamed)', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 0x62);
    const res = await req('PUT', apiPaths.fsWrite(uuid, 'big.txt'), {
      rawBody: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBe(200);
    expect((await fs.stat(at('big.txt'))).size).toBe(big.length);
  });

  it('write into a missing folder is a 404, onto a directory a 400', async () => {
    expect(
      (await req('PUT', apiPaths.fsWrite(uuid, 'no/such/dir/x.txt'), { rawBody: 'x' })).status,
    ).toBe(404);
    const onDir = await req('PUT', apiPaths.fsWrite(uuid, 'ls'), { rawBody: 'x' });
    expect(onDir.status).toBe(400);
    expect(causesOf(onDir)).toMatch(/Is a directory/);
  });

  it('a write whose request dies half-way leaves the old content and no temp file', async () => {
    await fs.writeFile(at('atomic.txt'), 'old content');
    const url = new URL(`${fc.t.api}${apiPaths.fsWrite(uuid, 'atomic.txt')}`);
    await new Promise<void>((resolve) => {
      const request = http.request(url, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${owner}`,
          'content-type': 'text/plain',
          'content-length': String(10 * 1024 * 1024),
        },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(Buffer.alloc(1024 * 1024, 0x6e), () => {
        // Give the core the first megabyte, then vanish mid-body.
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 100);
      });
    });
    await eventually(
      async () => (await fs.readdir(root)).every((n) => !n.startsWith('.hearth-tmp-')),
      'the temp file to be removed',
    );
    expect(await fs.readFile(at('atomic.txt'), 'utf8')).toBe('old content');
  });

  it('new creates an empty file and refuses an existing name; mkdir creates parents and refuses an existing folder', async () => {
    const from = mark();
    expect((await req('PUT', apiPaths.fsNew(uuid, 'empty.txt'))).status).toBe(200);
    expect(await fs.readFile(at('empty.txt'), 'utf8')).toBe('');
    await fs.writeFile(at('empty.txt'), 'keep me');
    const again = await req('PUT', apiPaths.fsNew(uuid, 'empty.txt'));
    expect(again.status).toBe(400);
    expect(causesOf(again)).toBe('A file named empty.txt already exists');
    expect(await fs.readFile(at('empty.txt'), 'utf8')).toBe('keep me');

    expect((await req('PUT', apiPaths.fsMkdir(uuid, 'deep/er/dir'))).status).toBe(200);
    expect((await fs.stat(at('deep/er/dir'))).isDirectory()).toBe(true);
    const dup = await req('PUT', apiPaths.fsMkdir(uuid, 'deep/er/dir'));
    expect(dup.status).toBe(400);
    expect(causesOf(dup)).toBe('Directory already exists');
    expect(fsEventsAfter(fc.log, from)).toEqual([
      { operation: 'Create', target: { type: 'File', path: at('empty.txt') } },
      { operation: 'Create', target: { type: 'Directory', path: at('deep/er/dir') } },
    ]);
  });
});

describe('deleting and moving', () => {
  it('rm deletes a file, rmdir a tree; both emit Delete; the root is refused with 403', async () => {
    await fresh('del');
    await fs.writeFile(at('del', 'f.txt'), 'x');
    await fs.mkdir(at('del', 'tree', 'inner'), { recursive: true });
    await fs.writeFile(at('del', 'tree', 'inner', 'g.txt'), 'y');
    const from = mark();
    expect((await req('DELETE', apiPaths.fsRm(uuid, 'del/f.txt'))).status).toBe(200);
    expect((await req('DELETE', apiPaths.fsRmdir(uuid, 'del/tree'))).status).toBe(200);
    expect(await fs.readdir(at('del'))).toEqual([]);
    expect(fsEventsAfter(fc.log, from)).toEqual([
      { operation: 'Delete', target: { type: 'File', path: at('del/f.txt') } },
      { operation: 'Delete', target: { type: 'Directory', path: at('del/tree') } },
    ]);
    for (const route of [
      apiPaths.fsRmdir(uuid, '.'),
      apiPaths.fsRm(uuid, '.'),
      apiPaths.fsRmdir(uuid, ''),
    ]) {
      const res = await req('DELETE', route);
      expect(res.status, route).toBe(403);
      expect(res.json).toEqual({
        kind: 'PermissionDenied',
        causes: ['Cannot delete instance root'],
      });
    }
    expect((await fs.stat(root)).isDirectory()).toBe(true);
  });

  it('rm of a directory and rmdir of a file are 400s; unknown paths are 404s', async () => {
    await fresh('del2');
    await fs.writeFile(at('del2', 'f.txt'), 'x');
    expect((await req('DELETE', apiPaths.fsRm(uuid, 'del2'))).status).toBe(400);
    expect((await req('DELETE', apiPaths.fsRmdir(uuid, 'del2/f.txt'))).status).toBe(400);
    expect((await req('DELETE', apiPaths.fsRm(uuid, 'del2/missing.txt'))).status).toBe(404);
    expect((await req('DELETE', apiPaths.fsRmdir(uuid, 'del2/missing'))).status).toBe(404);
  });

  it('move renames to the full destination path, emits Move{source}, and refuses a taken name', async () => {
    await fresh('mv');
    await fs.writeFile(at('mv', 'a.txt'), 'A');
    await fs.writeFile(at('mv', 'b.txt'), 'B');
    await fs.mkdir(at('mv', 'sub'));
    const from = mark();
    expect((await req('PUT', apiPaths.fsMove(uuid, 'mv/a.txt', 'mv/sub/c.txt'))).status).toBe(200);
    expect(await fs.readFile(at('mv/sub/c.txt'), 'utf8')).toBe('A');
    expect(fsEventsAfter(fc.log, from)).toEqual([
      {
        operation: { Move: { source: at('mv/a.txt') } },
        target: { type: 'File', path: at('mv/sub/c.txt') },
      },
    ]);

    const taken = await req('PUT', apiPaths.fsMove(uuid, 'mv/b.txt', 'mv/sub/c.txt'));
    expect(taken.status).toBe(400);
    expect(causesOf(taken)).toBe('A file named c.txt already exists');
    expect(await fs.readFile(at('mv/b.txt'), 'utf8')).toBe('B');
    expect(await fs.readFile(at('mv/sub/c.txt'), 'utf8')).toBe('A');

    const intoItself = await req('PUT', apiPaths.fsMove(uuid, 'mv/sub', 'mv/sub/deeper'));
    expect(intoItself.status).toBe(400);
    expect(causesOf(intoItself)).toMatch(/into itself/);
    expect((await req('PUT', apiPaths.fsMove(uuid, 'mv/missing', 'mv/x'))).status).toBe(404);
  });
});

describe('background operations', () => {
  it('cpr answers null at once, then copies with 1 % progress steps and an FSOperationCompleted end', async () => {
    await fresh('cp');
    await fs.mkdir(at('cp', 'src', 'nested'), { recursive: true });
    await fs.writeFile(at('cp', 'src', 'nested', 'big.dat'), Buffer.alloc(3 * 1024 * 1024, 7));
    await fs.writeFile(at('cp', 'one.txt'), 'one');
    await fs.mkdir(at('cp', 'dest'));
    await fs.writeFile(at('cp', 'dest', 'one.txt'), 'taken');
    const from = mark();
    const res = await req('PUT', apiPaths.fsCpr(uuid), {
      body: { relative_paths_source: ['cp/src', 'cp/one.txt'], relative_path_dest: 'cp/dest' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toBeNull();
    const job = await jobAfter(fc.log, from, /^Copying /);
    const total = 3 * 1024 * 1024 + 3;
    expect(job.total).toBe(total);
    expect(job.end).toEqual({
      success: true,
      message: 'Copied src and one.txt to cp/dest',
      inner: {
        type: 'FSOperationCompleted',
        instance_uuid: uuid,
        success: true,
        message: 'Copied src and one.txt to cp/dest',
      },
    });
    expect(job.updates.length).toBeGreaterThan(1);
    expect(job.updates.length).toBeLessThanOrEqual(100);
    const sum = job.updates.reduce((s, u) => s + u.progress, 0);
    expect(sum).toBeCloseTo(total, 0);
    for (const u of job.updates)
      expect(u.progress / (total / 100)).toBeCloseTo(Math.round(u.progress / (total / 100)), 6);
    expect(job.updates[0]!.message).toMatch(/^Copying src and one\.txt, \d+\.\d \/ 3\.0 MB$/);
    expect(await listTree(at('cp', 'dest'))).toEqual([
      'one.txt',
      'one_1.txt',
      'src',
      'src/nested',
      'src/nested/big.dat',
    ]);
    expect(await fs.readFile(at('cp/dest/one_1.txt'), 'utf8')).toBe('one');
    expect(fsEventsAfter(fc.log, from)).toEqual([
      { operation: 'Create', target: { type: 'Directory', path: at('cp/dest/src') } },
      { operation: 'Create', target: { type: 'File', path: at('cp/dest/one_1.txt') } },
    ]);
  });

  it('cpr checks its input before answering: unknown source 404, file destination 400, bad body 400', async () => {
    await fresh('cp2');
    await fs.writeFile(at('cp2', 'f.txt'), 'f');
    const body = (src: string[], dest: string) => ({
      body: { relative_paths_source: src, relative_path_dest: dest },
    });
    expect((await req('PUT', apiPaths.fsCpr(uuid), body(['cp2/missing'], 'cp2'))).status).toBe(404);
    expect((await req('PUT', apiPaths.fsCpr(uuid), body(['cp2/f.txt'], 'cp2/f.txt'))).status).toBe(
      400,
    );
    expect((await req('PUT', apiPaths.fsCpr(uuid), body(['cp2/f.txt'], 'cp2/nope'))).status).toBe(
      404,
    );
    expect(
      (await req('PUT', apiPaths.fsCpr(uuid), { body: { relative_paths_source: 'cp2/f.txt' } }))
        .status,
    ).toBe(400);
    expect((await req('PUT', apiPaths.fsCpr(uuid), body(['cp2'], 'cp2'))).status).toBe(200);
    const job = await jobAfter(fc.log, 0, 'Copying cp2');
    expect(job.end).toMatchObject({
      success: false,
      message: 'Failed to copy cp2: Cannot copy a directory into itself',
    });
    expect(await listTree(at('cp2'))).toEqual(['f.txt']);
  });

  it('zip answers null at once and writes the archive in the background (start + end only)', async () => {
    await fresh('zp');
    await fs.mkdir(at('zp', 'world', 'region'), { recursive: true });
    await fs.writeFile(at('zp', 'world', 'level.dat'), 'level');
    await fs.writeFile(at('zp', 'world', 'region', 'r.0.0.mca'), 'region');
    await fs.writeFile(at('zp', 'notes.txt'), 'notes');
    const from = mark();
    const res = await req('PUT', apiPaths.fsZip(uuid), {
      body: {
        target_relative_paths: ['zp/world', 'zp/notes.txt'],
        destination_relative_path: 'zp/backup.zip',
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toBeNull();
    const job = await jobAfter(fc.log, from, /^Zipping /);
    expect(job.total).toBeNull();
    expect(job.updates).toEqual([]);
    expect(job.end).toMatchObject({
      success: true,
      message: 'Zipped world and notes.txt',
      inner: { type: 'FSOperationCompleted', success: true },
    });
    expect(await readZip(await fs.readFile(at('zp/backup.zip')))).toEqual({
      'world/': '<dir>',
      'world/level.dat': 'level',
      'world/region/': '<dir>',
      'world/region/r.0.0.mca': 'region',
      'notes.txt': 'notes',
    });
    expect(fsEventsAfter(fc.log, from)).toEqual([
      { operation: 'Create', target: { type: 'File', path: at('zp/backup.zip') } },
    ]);

    const again = mark();
    await req('PUT', apiPaths.fsZip(uuid), {
      body: { target_relative_paths: ['zp/notes.txt'], destination_relative_path: 'zp/backup.zip' },
    });
    await jobAfter(fc.log, again, /^Zipping /);
    expect(await fs.readdir(at('zp'))).toContain('backup_1.zip');
    expect(
      (
        await req('PUT', apiPaths.fsZip(uuid), {
          body: { target_relative_paths: ['zp/missing'], destination_relative_path: 'zp/x.zip' },
        })
      ).status,
    ).toBe(404);
  });

  const archives = async () => ({
    single: await makeCompressedZip([{ name: 'world/level.dat', data: Buffer.from('L') }]),
    multi: await makeCompressedZip([
      { name: 'a.txt', data: Buffer.from('A') },
      { name: 'b/c.txt', data: Buffer.from('C') },
    ]),
  });

  it.each([
    ['Normal', 'multi', ['a.txt', 'arch.zip', 'b', 'b/c.txt']],
    ['Smart', 'multi', ['arch', 'arch.zip', 'arch/a.txt', 'arch/b', 'arch/b/c.txt']],
    ['Smart', 'single', ['arch.zip', 'world', 'world/level.dat']],
    [
      'ToDirectoryWithFileName',
      'single',
      ['arch', 'arch.zip', 'arch/world', 'arch/world/level.dat'],
    ],
    [
      { ToDir: 'uz/target/inside' },
      'multi',
      [
        'arch.zip',
        'target',
        'target/inside',
        'target/inside/a.txt',
        'target/inside/b',
        'target/inside/b/c.txt',
      ],
    ],
  ] as const)(
    'unzip %j of a %s-entry zip places the entries and ends "Unzipped arch.zip"',
    async (option, kind, expected) => {
      await fresh('uz');
      await fs.writeFile(at('uz', 'arch.zip'), (await archives())[kind]);
      const from = mark();
      const res = await req('PUT', apiPaths.fsUnzip(uuid, 'uz/arch.zip'), { body: option });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toBeNull();
      const job = await jobAfter(fc.log, from, 'Unzipping arch.zip');
      expect(job.total).toBeNull();
      expect(job.end).toEqual({
        success: true,
        message: 'Unzipped arch.zip',
        inner: {
          type: 'FSOperationCompleted',
          instance_uuid: uuid,
          success: true,
          message: 'Unzipped arch.zip',
        },
      });
      expect(await listTree(at('uz'))).toEqual(expected);
      expect(
        fsEventsAfter(fc.log, from).every(
          (e) => e.operation === 'Create' && e.target.path.startsWith(at('uz') + path.sep),
        ),
      ).toBe(true);
      expect(fsEventsAfter(fc.log, from).length).toBeGreaterThan(0);
    },
  );

  it('unzip takes .tar.gz, .tgz and .gz (tar inside or a single compressed file)', async () => {
    await fresh('uz2');
    const tar = makeTar([{ path: 'pack/readme.txt', data: 'tarred' }]);
    await fs.writeFile(at('uz2', 'a.tar.gz'), tar);
    await fs.writeFile(at('uz2', 'b.tgz'), tar);
    const { gzipSync } = await import('node:zlib');
    await fs.writeFile(at('uz2', 'latest.log.gz'), gzipSync('log line\n'));
    for (const [name, dir] of [
      ['a.tar.gz', 'x'],
      ['b.tgz', 'y'],
      ['latest.log.gz', 'z'],
    ] as const) {
      const from = mark();
      expect(
        (await req('PUT', apiPaths.fsUnzip(uuid, `uz2/${name}`), { body: { ToDir: `uz2/${dir}` } }))
          .status,
      ).toBe(200);
      expect((await jobAfter(fc.log, from, `Unzipping ${name}`)).end.success).toBe(true);
    }
    expect(await fs.readFile(at('uz2/x/pack/readme.txt'), 'utf8')).toBe('tarred');
    expect(await fs.readFile(at('uz2/y/pack/readme.txt'), 'utf8')).toBe('tarred');
    expect(await fs.readFile(at('uz2/z/latest.log'), 'utf8')).toBe('log line\n');
  });

  it('unzip refuses before answering: unknown archive 404, unsupported type 400, a folder 400, a bad option 400', async () => {
    await fresh('uz3');
    await fs.writeFile(at('uz3', 'notes.txt'), 'x');
    expect(
      (await req('PUT', apiPaths.fsUnzip(uuid, 'uz3/missing.zip'), { body: 'Normal' })).status,
    ).toBe(404);
    const txt = await req('PUT', apiPaths.fsUnzip(uuid, 'uz3/notes.txt'), { body: 'Normal' });
    expect(txt.status).toBe(400);
    expect(causesOf(txt)).toBe('Failed to unzip notes.txt: Unsupported archive type');
    expect((await req('PUT', apiPaths.fsUnzip(uuid, 'uz3'), { body: 'Normal' })).status).toBe(400);
    expect(
      (await req('PUT', apiPaths.fsUnzip(uuid, 'uz3/notes.txt'), { body: 'Sideways' })).status,
    ).toBe(400);
  });

  it('a corrupt archive ends with a toast-able failure and leaves nothing behind', async () => {
    await fresh('uz4');
    await fs.writeFile(at('uz4', 'world.zip'), 'this is not a zip at all');
    const from = mark();
    expect(
      (await req('PUT', apiPaths.fsUnzip(uuid, 'uz4/world.zip'), { body: 'Smart' })).status,
    ).toBe(200);
    const job = await jobAfter(fc.log, from, 'Unzipping world.zip');
    expect(job.end.success).toBe(false);
    expect(job.end.message).toMatch(/^Failed to unzip world\.zip: .+/);
    expect(job.end.inner).toMatchObject({
      type: 'FSOperationCompleted',
      instance_uuid: uuid,
      success: false,
    });
    expect(await listTree(at('uz4'))).toEqual(['world.zip']);
  });
});

describe('uploads', () => {
  it('streams every part to the target folder (created if missing), sanitised and suffixed, with progress and Upload events', async () => {
    await fresh('up');
    await fs.writeFile(at('up', 'taken.txt'), 'old');
    const from = mark();
    const big = Buffer.alloc(2 * 1024 * 1024, 0x41);
    const res = await upload(
      fc,
      owner,
      'up/new/dir',
      uploadForm([
        { name: 'big.dat', data: big },
        { name: 'con\u0007trol.txt', data: 'ctl' },
      ]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toBeNull();
    expect(await listTree(at('up'))).toEqual([
      'new',
      'new/dir',
      'new/dir/big.dat',
      'new/dir/control.txt',
      'taken.txt',
    ]);
    expect((await fs.readFile(at('up/new/dir/big.dat'))).equals(big)).toBe(true);

    const job = await jobAfter(fc.log, from, 'Uploading files');
    expect(job.total).toBeGreaterThan(big.length);
    expect(job.updates.length).toBeGreaterThan(1);
    expect(job.updates.length).toBeLessThanOrEqual(100);
    expect(job.updates[0]!.message).toMatch(/^Uploading big\.dat, \d+\.\d \/ 2\.0 MB$/);
    expect(job.end).toMatchObject({ success: true, message: 'Uploaded big.dat and control.txt' });
    expect(fsEventsAfter(fc.log, from)).toEqual([
      { operation: 'Upload', target: { type: 'File', path: at('up/new/dir/big.dat') } },
      { operation: 'Upload', target: { type: 'File', path: at('up/new/dir/control.txt') } },
    ]);

    const again = await upload(fc, owner, 'up', uploadForm([{ name: 'taken.txt', data: 'new' }]));
    expect(again.status).toBe(200);
    expect(await fs.readFile(at('up/taken.txt'), 'utf8')).toBe('old');
    expect(await fs.readFile(at('up/taken_1.txt'), 'utf8')).toBe('new');
  });

  it('a part without a filename, a non-multipart body, or an empty form is a 400 and nothing is kept', async () => {
    await fresh('up2');
    const form = uploadForm([{ name: 'ok.txt', data: 'ok' }]);
    form.append('field', 'no filename here');
    const res = await upload(fc, owner, 'up2', form);
    expect(res.status).toBe(400);
    expect(causesOf(res)).toMatch(/Every part must carry a filename/);
    expect(await listTree(at('up2'))).toEqual([]);
    const notMultipart = await req('PUT', apiPaths.fsUpload(uuid, 'up2'), { body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    const empty = await upload(fc, owner, 'up2', new FormData());
    expect(empty.status).toBe(400);
    expect(await listTree(at('up2'))).toEqual([]);
  });

  it('an upload into a path that is a file is refused after the body is drained', async () => {
    await fresh('up3');
    await fs.writeFile(at('up3', 'file'), 'x');
    const res = await upload(
      fc,
      owner,
      'up3/file',
      uploadForm([{ name: 'a.txt', data: Buffer.alloc(256 * 1024) }]),
    );
    expect(res.status).toBe(400);
    expect(await listTree(at('up3'))).toEqual(['file']);
  });
});

describe('downloads', () => {
  it('url answers a 32-character key as text; /file/:key streams the file with attachment headers and emits Download', async () => {
    await fresh('dl');
    const data = Buffer.from([0, 1, 2, 255, 254]);
    await fs.writeFile(at('dl', 'wörld "1".dat'), data);
    const res = await req('GET', apiPaths.fsUrl(uuid, 'dl/wörld "1".dat'));
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^[A-Za-z0-9]{32}$/);
    const from = mark();
    const file = await fetch(`${fc.t.api}${apiPaths.download(res.text)}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-length')).toBe('5');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="w_rld _1_.dat"; filename*=UTF-8''w%C3%B6rld%20%221%22.dat`,
    );
    // A read's answer does not wait for its event's frame (as a change's does): wait for it.
    await eventually(async () => fsEventsAfter(fc.log, from).length > 0, 'the Download FSEvent');
    expect(fsEventsAfter(fc.log, from)).toEqual([
      { operation: 'Download', target: { type: 'File', path: at('dl', 'wörld "1".dat') } },
    ]);
    // A key can be used again while it lives.
    expect((await fetch(`${fc.t.api}${apiPaths.download(res.text)}`)).status).toBe(200);
  });

  it('a directory key streams a zip made while sending, named <dir>.zip, with a download progression', async () => {
    await fresh('dl2');
    await fs.mkdir(at('dl2', 'world', 'region'), { recursive: true });
    await fs.writeFile(at('dl2', 'world', 'level.dat'), 'L');
    await fs.writeFile(at('dl2', 'world', 'region', 'r.mca'), 'R');
    const key = (await req('GET', apiPaths.fsUrl(uuid, 'dl2/world'))).text;
    expect(await listTree(at('dl2'))).toEqual([
      'world',
      'world/level.dat',
      'world/region',
      'world/region/r.mca',
    ]);
    const from = mark();
    const res = await fetch(`${fc.t.api}${apiPaths.download(key)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="world.zip"; filename*=UTF-8''world.zip`,
    );
    expect(res.headers.get('content-length')).toBeNull();
    expect(await readZip(Buffer.from(await res.arrayBuffer()))).toEqual({
      'world/': '<dir>',
      'world/level.dat': 'L',
      'world/region/': '<dir>',
      'world/region/r.mca': 'R',
    });
    const job = await jobAfter(fc.log, from, 'Zipping dl2/world for download');
    expect(job.end).toMatchObject({
      success: true,
      inner: { type: 'FSOperationCompleted', instance_uuid: uuid, success: true },
    });
    // Nothing was zipped to disk.
    expect(await listTree(at('dl2'))).toEqual([
      'world',
      'world/level.dat',
      'world/region',
      'world/region/r.mca',
    ]);
  });

  it('HEAD on a key is not served (it would zip a whole folder only to discard it)', async () => {
    const key = (await req('GET', apiPaths.fsUrl(uuid, '.'))).text;
    const from = mark();
    const res = await fetch(`${fc.t.api}${apiPaths.download(key)}`, { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(fsEventsAfter(fc.log, from)).toEqual([]);
  });

  it('unknown keys and unknown paths are 404s', async () => {
    const unknown = await fetch(`${fc.t.api}${apiPaths.download('A'.repeat(32))}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      kind: 'NotFound',
      causes: ['File not found with the download key'],
    });
    expect((await req('GET', apiPaths.fsUrl(uuid, 'no/such/file'))).status).toBe(404);
  });
});

describe('bad input on every route', () => {
  const routes = (segment: string) =>
    [
      ['GET', fsRoute(uuid, segment, 'ls')],
      ['GET', fsRoute(uuid, segment, 'read')],
      ['PUT', fsRoute(uuid, segment, 'write')],
      ['PUT', fsRoute(uuid, segment, 'new')],
      ['PUT', fsRoute(uuid, segment, 'mkdir')],
      ['DELETE', fsRoute(uuid, segment, 'rm')],
      ['DELETE', fsRoute(uuid, segment, 'rmdir')],
      ['PUT', `/instance/${uuid}/fs/${segment}/move/${b64('x')}`],
      ['PUT', `/instance/${uuid}/fs/${b64('hello.txt')}/move/${segment}`],
      ['GET', fsRoute(uuid, segment, 'url')],
      ['PUT', fsRoute(uuid, segment, 'unzip')],
      ['PUT', fsRoute(uuid, segment, 'upload')],
    ] as const;

  it.each([
    ['padded base64', 'Lg=='],
    ['standard-alphabet base64', 'YS9i+w'],
    ['an impossible length', 'abcde'],
  ])('%s is a 400 "Failed to decode base64" on every route', async (_what, segment) => {
    for (const [method, route] of routes(segment)) {
      const res = await req(method, route, method === 'PUT' ? { body: 'Normal' } : {});
      expect(res.status, `${method} ${route}`).toBe(400);
      expect(res.json, `${method} ${route}`).toEqual({
        kind: 'BadRequest',
        causes: ['Failed to decode base64'],
      });
    }
  });

  it('a segment that is not UTF-8 is a 400 on every route', async () => {
    const segment = Buffer.from([0x66, 0xff, 0xfe]).toString('base64url');
    for (const [method, route] of routes(segment)) {
      const res = await req(method, route, method === 'PUT' ? { body: 'Normal' } : {});
      expect(res.status, `${method} ${route}`).toBe(400);
      expect(causesOf(res)).toMatch(/not valid UTF-8/);
    }
  });

  it('an unknown instance is a 404 on every route, and so is a missing token a 401', async () => {
    const ghost = 'INSTANCE_00000000-0000-0000-0000-000000000000';
    const all = [
      ...routes(b64('hello.txt')).map(([m, r]) => [m, r.replace(uuid, ghost)] as const),
      ['PUT', apiPaths.fsCpr(ghost)],
      ['PUT', apiPaths.fsZip(ghost)],
    ] as const;
    for (const [method, route] of all) {
      const res = await req(method, route, method === 'PUT' ? { body: 'Normal' } : {});
      expect(res.status, `${method} ${route}`).toBe(404);
      const anonymous = await fc.t.request(method, route);
      expect(anonymous.status, `${method} ${route}`).toBe(401);
    }
  });
});
