import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ClientFileSchema } from '@hearth/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileProgress } from './progress.ts';
import { coreErrorOf, makeFixture, readZip, snapshotTree, type Fixture } from './test-helpers.ts';

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(async () => {
  await fx.cleanup();
});

const at = (rel: string) => path.join(fx.root, rel);

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('list', () => {
  it('describes entries as ClientFiles, directories first, paths relative with /', async () => {
    await mkdir(at('world/region'), { recursive: true });
    await writeFile(at('world/level.dat'), 'abc');
    await writeFile(at('world/b.txt'), '');
    await writeFile(at('server.properties'), 'motd=hi');

    const top = await fx.service.list('.');
    expect(top.map((f) => f.name)).toEqual(['world', 'server.properties']);
    const props = top[1]!;
    expect(ClientFileSchema.parse(props)).toEqual(props);
    expect(props).toMatchObject({
      file_stem: 'server',
      extension: 'properties',
      path: 'server.properties',
      size: 7,
      file_type: 'File',
    });
    expect(props.modification_time).toBe(
      Math.floor((await stat(at('server.properties'))).mtimeMs / 1000),
    );
    expect(top[0]).toMatchObject({
      path: 'world',
      size: null,
      file_type: 'Directory',
      extension: null,
    });

    const inner = await fx.service.list('./world/');
    expect(inner.map((f) => f.path)).toEqual(['world/region', 'world/b.txt', 'world/level.dat']);
  });

  it('follows a link inside the root but shows a link leading out as Unknown', async () => {
    await mkdir(at('real'));
    await writeFile(at('real/a.txt'), 'a');
    await symlink(at('real'), at('inside-link'));
    await symlink(fx.outside, at('outside-link'));
    const files = await fx.service.list('.');
    expect(files.find((f) => f.name === 'inside-link')?.file_type).toBe('Directory');
    expect(files.find((f) => f.name === 'outside-link')).toMatchObject({
      file_type: 'Unknown',
      size: null,
      modification_time: null,
    });
    expect((await fx.service.list('inside-link')).map((f) => f.path)).toEqual([
      'inside-link/a.txt',
    ]);
  });

  it('answers NotFound for a missing directory and BadRequest for a file', async () => {
    await writeFile(at('f.txt'), '');
    expect((await coreErrorOf(fx.service.list('nope'))).kind).toBe('NotFound');
    expect((await coreErrorOf(fx.service.list('f.txt'))).kind).toBe('BadRequest');
  });
});

describe('readText', () => {
  it('reads UTF-8 text exactly (BOM kept)', async () => {
    await writeFile(at('a.txt'), '\uFEFFhéllo\nwörld');
    expect(await fx.service.readText('a.txt')).toBe('\uFEFFhéllo\nwörld');
  });

  it('refuses a file over the limit with the editor message', async () => {
    await writeFile(at('big.log'), Buffer.alloc(6 * 1024 * 1024, 0x61));
    const err = await coreErrorOf(fx.service.readText('big.log'));
    expect(err.kind).toBe('BadRequest');
    expect(err.causes).toEqual(['File is too large to open in the editor (6 MB > 5 MB)']);
    await writeFile(at('small.txt'), 'x'.repeat(11));
    expect(
      (await coreErrorOf(fx.service.readText('small.txt', { maxBytes: 10 }))).causes[0],
    ).toMatch(/^File is too large/);
  });

  it.each([
    ['NUL byte', Buffer.from([0x61, 0x00, 0x62])],
    ['invalid UTF-8', Buffer.from([0x61, 0xff, 0xfe, 0x62])],
  ])('refuses binary content (%s)', async (_label, bytes) => {
    await writeFile(at('bin.dat'), bytes);
    const err = await coreErrorOf(fx.service.readText('bin.dat'));
    expect(err.kind).toBe('BadRequest');
    expect(err.causes).toEqual(['File is binary']);
  });

  it('NotFound for a missing file, BadRequest for a directory', async () => {
    expect((await coreErrorOf(fx.service.readText('missing.txt'))).kind).toBe('NotFound');
    await mkdir(at('d'));
    expect((await coreErrorOf(fx.service.readText('d'))).kind).toBe('BadRequest');
  });
});

describe('writeAtomic', () => {
  it('creates, replaces and keeps the mode of an existing file', async () => {
    await fx.service.writeAtomic('start.sh', Buffer.from('#!/bin/sh\n'));
    await chmod(at('start.sh'), 0o755);
    await fx.service.writeAtomic(
      'start.sh',
      Readable.from([Buffer.from('echo '), Buffer.from('hi\n')]),
    );
    expect(await readFile(at('start.sh'), 'utf8')).toBe('echo hi\n');
    expect((await stat(at('start.sh'))).mode & 0o777).toBe(0o755);
    expect(await readdir(fx.root)).toEqual(['start.sh']);
  });

  it('needs the parent unless createParents is set', async () => {
    expect((await coreErrorOf(fx.service.writeAtomic('a/b/c.txt', Buffer.from('x')))).kind).toBe(
      'NotFound',
    );
    await fx.service.writeAtomic('a/b/c.txt', Buffer.from('x'), { createParents: true });
    expect(await readFile(at('a/b/c.txt'), 'utf8')).toBe('x');
  });

  it('writes through a link inside the root to its target', async () => {
    await writeFile(at('target.txt'), 'old');
    await symlink(at('target.txt'), at('link.txt'));
    await fx.service.writeAtomic('link.txt', Buffer.from('new'));
    expect(await readFile(at('target.txt'), 'utf8')).toBe('new');
  });

  it('refuses to replace a directory', async () => {
    await mkdir(at('d'));
    expect((await coreErrorOf(fx.service.writeAtomic('d', Buffer.from('x')))).causes).toContain(
      'Is a directory',
    );
  });
});

describe('newFile and mkdir', () => {
  it('newFile creates an empty file and never truncates an existing one', async () => {
    await fx.service.newFile('empty.txt');
    expect(await readFile(at('empty.txt'), 'utf8')).toBe('');
    await writeFile(at('keep.txt'), 'content');
    const err = await coreErrorOf(fx.service.newFile('keep.txt'));
    expect(err.causes).toEqual(['A file named keep.txt already exists']);
    expect(await readFile(at('keep.txt'), 'utf8')).toBe('content');
  });

  it('mkdir creates missing parents and refuses an existing directory', async () => {
    await fx.service.mkdir('a/b/c');
    expect((await stat(at('a/b/c'))).isDirectory()).toBe(true);
    expect((await coreErrorOf(fx.service.mkdir('a/b'))).causes).toEqual([
      'Directory already exists',
    ]);
    expect((await coreErrorOf(fx.service.mkdir('.'))).causes).toEqual(['Directory already exists']);
    await writeFile(at('f'), '');
    expect((await coreErrorOf(fx.service.mkdir('f'))).causes).toEqual([
      'A file named f already exists',
    ]);
  });
});

describe('rm and rmdir', () => {
  it('rm deletes a file but not a directory; a link is removed, not its target', async () => {
    await writeFile(at('a.txt'), '');
    await fx.service.rm('a.txt');
    expect(await readdir(fx.root)).toEqual([]);
    await mkdir(at('d'));
    expect((await coreErrorOf(fx.service.rm('d'))).kind).toBe('BadRequest');
    await symlink(path.join(fx.outside, 'secret.txt'), at('ln'));
    await fx.service.rm('ln');
    expect(await readFile(path.join(fx.outside, 'secret.txt'), 'utf8')).toBe('outside secret');
    expect((await coreErrorOf(fx.service.rm('gone.txt'))).kind).toBe('NotFound');
  });

  it('rmdir deletes recursively, refuses files and the root', async () => {
    await mkdir(at('d/e'), { recursive: true });
    await writeFile(at('d/e/f.txt'), '');
    await symlink(fx.outside, at('d/out'));
    await fx.service.rmdir('d');
    expect(await readdir(fx.root)).toEqual([]);
    expect(await readFile(path.join(fx.outside, 'secret.txt'), 'utf8')).toBe('outside secret');
    await writeFile(at('f.txt'), '');
    expect((await coreErrorOf(fx.service.rmdir('f.txt'))).kind).toBe('BadRequest');
    for (const root of ['.', '', './', './/.']) {
      const err = await coreErrorOf(fx.service.rmdir(root));
      expect(err.kind).toBe('PermissionDenied');
      expect(err.causes).toEqual(['Cannot delete instance root']);
    }
  });

  it('containsProtected finds protected files deep inside', async () => {
    await mkdir(at('plugins/x'), { recursive: true });
    await writeFile(at('plugins/x/config.yml'), '');
    expect(await fx.service.containsProtected('plugins')).toBe(false);
    await writeFile(at('plugins/x/plugin.jar'), '');
    expect(await fx.service.containsProtected('plugins')).toBe(true);
    await mkdir(at('world/mods'), { recursive: true });
    expect(await fx.service.containsProtected('world')).toBe(true);
  });
});

describe('move', () => {
  it('renames files and directories to a full destination path', async () => {
    await writeFile(at('a.txt'), 'a');
    await mkdir(at('dir'));
    await fx.service.move('a.txt', 'dir/b.txt');
    expect(await readFile(at('dir/b.txt'), 'utf8')).toBe('a');
    await fx.service.move('dir', 'renamed');
    expect(await snapshotTree(fx.root)).toEqual({ renamed: '<dir>', 'renamed/b.txt': 'a' });
  });

  it('refuses an existing destination without touching either side', async () => {
    await writeFile(at('a.txt'), 'a');
    await writeFile(at('b.txt'), 'b');
    const err = await coreErrorOf(fx.service.move('a.txt', 'b.txt'));
    expect(err.kind).toBe('BadRequest');
    expect(err.causes).toEqual(['A file named b.txt already exists']);
    await mkdir(at('d1'));
    await mkdir(at('d2'));
    expect((await coreErrorOf(fx.service.move('d1', 'd2'))).causes).toEqual([
      'A file named d2 already exists',
    ]);
    expect(await snapshotTree(fx.root)).toEqual({
      'a.txt': 'a',
      'b.txt': 'b',
      d1: '<dir>',
      d2: '<dir>',
    });
  });

  it('refuses moving a directory into itself or the root anywhere', async () => {
    await mkdir(at('d/sub'), { recursive: true });
    expect((await coreErrorOf(fx.service.move('d', 'd/sub/d'))).causes).toContain(
      'Cannot move a directory into itself',
    );
    expect((await coreErrorOf(fx.service.move('d', 'd'))).kind).toBe('BadRequest');
    expect((await coreErrorOf(fx.service.move('.', 'x'))).kind).toBe('BadRequest');
    expect((await coreErrorOf(fx.service.move('missing', 'x'))).kind).toBe('NotFound');
  });
});

describe('copy', () => {
  it('copies files and trees into a directory with _N suffixes and byte progress', async () => {
    await mkdir(at('src/deep'), { recursive: true });
    await writeFile(at('src/deep/a.txt'), 'aaaa');
    await writeFile(at('src/b.txt'), 'bb');
    await writeFile(at('top.txt'), 'top');
    await mkdir(at('dest'));
    await writeFile(at('dest/top.txt'), 'existing');
    const progress: FileProgress[] = [];
    const created = await fx.service.copy(['src', 'top.txt'], 'dest', (p) => progress.push(p));
    expect(created).toEqual(['dest/src', 'dest/top_1.txt']);
    const tree = await snapshotTree(path.join(fx.root, 'dest'));
    expect(tree).toEqual({
      src: '<dir>',
      'src/b.txt': 'bb',
      'src/deep': '<dir>',
      'src/deep/a.txt': 'aaaa',
      'top.txt': 'existing',
      'top_1.txt': 'top',
    });
    expect(progress.at(-1)).toEqual({ doneBytes: 9, totalBytes: 9 });

    expect(await fx.service.copy(['top.txt'], '.')).toEqual(['top_1.txt']);
    expect(await readFile(at('top_1.txt'), 'utf8')).toBe('top');
  });

  it('does not copy links and refuses copying a directory into itself', async () => {
    await mkdir(at('src'));
    await symlink(fx.outside, at('src/out'));
    await writeFile(at('src/a.txt'), 'a');
    expect(await fx.service.copy(['src'], '.')).toEqual(['src_1']);
    expect(await snapshotTree(at('src_1'))).toEqual({ 'a.txt': 'a' });
    expect((await coreErrorOf(fx.service.copy(['src'], 'src'))).causes).toContain(
      'Cannot copy a directory into itself',
    );
  });
});

describe('zip, zipDirectoryStream and openForDownload', () => {
  it('zips files and directories into a conflict-suffixed archive', async () => {
    await mkdir(at('world/region'), { recursive: true });
    await writeFile(at('world/level.dat'), 'level');
    await writeFile(at('a.txt'), 'a');
    await writeFile(at('backup.zip'), 'taken');
    const progress: FileProgress[] = [];
    const archive = await fx.service.zip(['world', 'a.txt'], 'backup.zip', (p) => progress.push(p));
    expect(archive).toBe('backup_1.zip');
    expect(await readZip(await readFile(at('backup_1.zip')))).toEqual({
      'world/': '<dir>',
      'world/level.dat': 'level',
      'world/region/': '<dir>',
      'a.txt': 'a',
    });
    expect(progress.at(-1)).toEqual({ doneBytes: 6, totalBytes: 6 });
    expect((await readdir(fx.root)).filter((n) => n.startsWith('.hearth'))).toEqual([]);
  });

  it('streams a directory as a zip and a file as a plain stream', async () => {
    await mkdir(at('logs'));
    await writeFile(at('logs/latest.log'), 'log line');
    expect(await readZip(await collect(await fx.service.zipDirectoryStream('logs')))).toEqual({
      'logs/': '<dir>',
      'logs/latest.log': 'log line',
    });
    const download = await fx.service.openForDownload('logs/latest.log');
    expect(download.name).toBe('latest.log');
    expect(download.size).toBe(8);
    expect((await collect(download.stream)).toString()).toBe('log line');
    expect((await coreErrorOf(fx.service.openForDownload('logs'))).kind).toBe('BadRequest');
    expect((await coreErrorOf(fx.service.zipDirectoryStream('logs/latest.log'))).kind).toBe(
      'BadRequest',
    );
  });
});

describe('download streams release their files', () => {
  const openFds = async () => (await readdir('/proc/self/fd')).length;

  it('an abandoned directory zip closes the file it was reading', async () => {
    await mkdir(at('big'));
    // Incompressible, so yazl's backpressure stops reading long before the end of the file.
    await writeFile(at('big/a.bin'), randomBytes(8 * 1024 * 1024));
    const baseline = await openFds();
    const stream = await fx.service.zipDirectoryStream('big');
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    expect(await openFds()).toBeGreaterThan(baseline);
    stream.destroy();
    await vi.waitFor(async () => expect(await openFds()).toBe(baseline));
  });

  it('an abandoned file download closes the file', async () => {
    await writeFile(at('a.bin'), Buffer.alloc(4 * 1024 * 1024, 1));
    const baseline = await openFds();
    const { stream } = await fx.service.openForDownload('a.bin');
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await vi.waitFor(async () => expect(await openFds()).toBe(baseline));
  });
});

describe('saveUpload', () => {
  it('sanitises the name, creates the directory and suffixes conflicts', async () => {
    const first = await fx.service.saveUpload(
      'uploads/new',
      'plugin.jar',
      Readable.from([Buffer.from('one')]),
    );
    const second = await fx.service.saveUpload(
      'uploads/new',
      'plugin.jar',
      Readable.from([Buffer.from('two')]),
    );
    const evil = await fx.service.saveUpload(
      '.',
      '../../evil.txt',
      Readable.from([Buffer.from('e')]),
    );
    expect([first, second, evil]).toEqual([
      'uploads/new/plugin.jar',
      'uploads/new/plugin_1.jar',
      '.._.._evil.txt',
    ]);
    expect(await snapshotTree(fx.root)).toEqual({
      '.._.._evil.txt': 'e',
      uploads: '<dir>',
      'uploads/new': '<dir>',
      'uploads/new/plugin.jar': 'one',
      'uploads/new/plugin_1.jar': 'two',
    });
  });

  it('reports progress against the announced size', async () => {
    const progress: FileProgress[] = [];
    await fx.service.saveUpload('.', 'a.bin', Readable.from([Buffer.alloc(10), Buffer.alloc(5)]), {
      totalBytes: 15,
      onProgress: (p) => progress.push(p),
    });
    expect(progress).toEqual([
      { doneBytes: 10, totalBytes: 15 },
      { doneBytes: 15, totalBytes: 15 },
    ]);
  });
});
