// The attack suite: every hostile path form against the sandbox and every operation, symbolic
// links leading out (at resolve time and planted after it), and writes that fail half-way.
import {
  constants,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileService } from './file-service.ts';
import type { StagedWrite } from './staged-write.ts';
import { coreErrorOf, makeFixture, makeZip, snapshotTree, type Fixture } from './test-helpers.ts';

let fx: Fixture;
let before: Record<string, string>;

async function prepare(): Promise<void> {
  fx = await makeFixture();
  await writeFile(path.join(fx.root, 'inside.txt'), 'inside');
  await mkdir(path.join(fx.root, 'dir'));
  await writeFile(path.join(fx.root, 'ok.zip'), await makeZip([{ name: 'entry.txt', data: 'e' }]));
  await mkdir(path.join(fx.outside, 'b'));
  before = await snapshotTree(fx.base);
}

beforeEach(prepare);
afterEach(async () => {
  vi.restoreAllMocks();
  await fx.cleanup();
});

type Op = [string, (s: FileService, p: string) => Promise<unknown>];

/** Every operation, with the hostile path in each path-taking position. */
const operations: Op[] = [
  ['sandbox.resolve', (_s, p) => fx.sandbox.resolve(p)],
  ['stat', (s, p) => s.stat(p)],
  ['list', (s, p) => s.list(p)],
  ['readText', (s, p) => s.readText(p)],
  ['writeAtomic', (s, p) => s.writeAtomic(p, Buffer.from('pwned'))],
  [
    'writeAtomic (createParents)',
    (s, p) => s.writeAtomic(`${p}/pwned.txt`, Buffer.from('pwned'), { createParents: true }),
  ],
  ['newFile', (s, p) => s.newFile(p)],
  ['mkdir', (s, p) => s.mkdir(`${p}/pwned`)],
  ['rm', (s, p) => s.rm(p)],
  ['rmdir', (s, p) => s.rmdir(p)],
  ['move (source)', (s, p) => s.move(p, 'moved')],
  ['move (destination)', (s, p) => s.move('inside.txt', p)],
  ['copy (source)', (s, p) => s.copy([p], 'dir')],
  ['copy (destination)', (s, p) => s.copy(['inside.txt'], p)],
  ['zip (target)', (s, p) => s.zip([p], 'out.zip')],
  ['zip (destination)', (s, p) => s.zip(['inside.txt'], p)],
  ['unzip (archive)', (s, p) => s.unzip(p, 'Normal')],
  ['unzip (ToDir)', (s, p) => s.unzip('ok.zip', { ToDir: p })],
  [
    'saveUpload (directory)',
    (s, p) => s.saveUpload(p, 'up.txt', Readable.from([Buffer.from('pwned')])),
  ],
  ['zipDirectoryStream', (s, p) => s.zipDirectoryStream(p)],
  ['openForDownload', (s, p) => s.openForDownload(p)],
  ['openRead', (s, p) => s.openRead(p).then(({ handle }) => handle.close())],
  ['beginWrite', (s, p) => s.beginWrite(p).then((w) => stagePwned(w))],
  ['beginWrite (keep)', (s, p) => s.beginWrite(p, { keep: true }).then((w) => stagePwned(w))],
  ['containsProtected', (s, p) => s.containsProtected(p)],
];

/** Writes `pwned` through a staged write and commits it (an SFTP upload). */
async function stagePwned(write: StagedWrite): Promise<void> {
  await write.write(Buffer.from('pwned'), 0);
  await write.commit();
}

/** Path forms that must be refused outright (BadRequest), before touching the disk. */
const traversals: [string, () => string][] = [
  ['..', () => '..'],
  ['../..', () => '../..'],
  ['a/../../x', () => 'a/../../x'],
  ['inner .. that stays inside', () => 'dir/../inside.txt'],
  ['../outside/secret.txt', () => '../outside/secret.txt'],
  ['sibling prefix ../root-evil/x', () => '../root-evil/x'],
  ['./ then ..', () => './././../x'],
  ['absolute /etc/passwd', () => '/etc/passwd'],
  ['absolute path into the outside dir', () => path.join(fx.outside, 'secret.txt')],
  ['absolute path to the root itself', () => fx.root],
  ['double slash absolute', () => '//etc/passwd'],
  ['NUL byte', () => 'inside.txt\0'],
  ['NUL byte hiding ..', () => 'x\0/../../outside/secret.txt'],
  ['backslash ..\\..\\', () => '..\\..\\'],
  ['backslash into outside', () => '..\\outside\\secret.txt'],
  ['backslash inside a name', () => 'dir\\inside.txt'],
];

describe.each(traversals)('traversal %s', (_label, hostile) => {
  it.each(operations)('%s refuses it', async (_name, op) => {
    const err = await coreErrorOf(op(fx.service, hostile()));
    expect(err.kind).toBe('BadRequest');
    expect(err.causes[0]).toBe('Invalid path');
    expect(await snapshotTree(fx.base)).toEqual(before);
  });
});

describe('URL-encoded-looking names are literal names inside the root', () => {
  it.each([
    '%2e%2e%2f',
    '%2e%2e%2fevil',
    '..%2f..%2fevil',
    '%2e%2e',
    '%252e%252e%252f',
    '..%5c..%5cevil',
    '...',
    '.. ',
    ' ..',
  ])('%s', async (name) => {
    await fx.service.writeAtomic(name, Buffer.from('literal'));
    expect(await readFile(path.join(fx.root, name), 'utf8')).toBe('literal');
    await fx.service.mkdir(`${name}-dir/${name}`);
    expect(
      await fx.service.saveUpload(
        `${name}-dir/${name}`,
        'u.txt',
        Readable.from([Buffer.from('u')]),
      ),
    ).toBe(`${name}-dir/${name}/u.txt`);
    expect((await fx.service.list(`${name}-dir`)).map((f) => f.path)).toEqual([
      `${name}-dir/${name}`,
    ]);
    const after = await snapshotTree(fx.base);
    for (const key of Object.keys(after))
      expect(key === 'root' || key.startsWith('root/') || key in before).toBe(true);
    expect(after['outside/secret.txt']).toBe('outside secret');
    expect(after['root-evil/x']).toBe('sibling secret');
  });
});

/** Links planted inside the root that lead out of it. */
async function plantLinks(): Promise<void> {
  const r = (p: string) => path.join(fx.root, p);
  await symlink(fx.outside, r('out-dir'));
  await symlink(path.join(fx.outside, 'secret.txt'), r('out-file'));
  await symlink(fx.sibling, r('sibling'));
  await symlink('..', r('up'));
  await mkdir(r('nested/deeper'), { recursive: true });
  await symlink('../../..', r('nested/deeper/up'));
  await symlink(path.join(fx.outside, 'not-yet'), r('dangling'));
  await symlink('loop-b', r('loop-a'));
  await symlink('loop-a', r('loop-b'));
  before = await snapshotTree(fx.base);
}

/** Paths that go THROUGH a link leading out: every operation must refuse them. */
const throughLinks = [
  'out-dir/secret.txt',
  'out-dir/new.txt',
  'out-dir/b',
  'sibling/x',
  'up/outside/secret.txt',
  'up/root-evil',
  'nested/deeper/up/outside/secret.txt',
  'dangling/x',
  'loop-a/x',
];

describe.each(throughLinks)('symlink escape through %s', (hostile) => {
  beforeEach(plantLinks);
  it.each(operations)('%s refuses it', async (_name, op) => {
    const err = await coreErrorOf(op(fx.service, hostile));
    expect(['PermissionDenied', 'NotFound', 'BadRequest']).toContain(err.kind);
    expect(await snapshotTree(fx.base)).toEqual(before);
  });
});

describe('a link leading out, as the last component', () => {
  beforeEach(plantLinks);
  const following: Op[] = operations.filter(([name]) =>
    [
      'sandbox.resolve',
      'stat',
      'list',
      'readText',
      'writeAtomic',
      'writeAtomic (createParents)',
      'copy (source)',
      'copy (destination)',
      'zip (target)',
      'unzip (ToDir)',
      'saveUpload (directory)',
      'zipDirectoryStream',
      'openForDownload',
      'openRead',
      'beginWrite',
      'beginWrite (keep)',
    ].includes(name),
  );
  it.each(['out-dir', 'out-file', 'sibling', 'up', 'dangling', 'loop-a'])(
    '%s is refused by every operation that follows links',
    async (link) => {
      for (const [name, op] of following) {
        const err = await coreErrorOf(op(fx.service, link));
        expect([name, err.kind]).toEqual([name, 'PermissionDenied']);
      }
      expect(await snapshotTree(fx.base)).toEqual(before);
    },
  );

  it('newFile and mkdir on a dangling link never create its target', async () => {
    expect((await coreErrorOf(fx.service.newFile('dangling'))).kind).toBe('BadRequest');
    expect((await coreErrorOf(fx.service.mkdir('dangling'))).kind).toBe('BadRequest');
    expect(await snapshotTree(fx.base)).toEqual(before);
  });

  it('rm, rmdir and move act on the link itself, never on what it points to', async () => {
    await fx.service.rm('out-file');
    await fx.service.move('out-dir', 'dir/moved-link');
    expect((await coreErrorOf(fx.service.rmdir('sibling'))).kind).toBe('BadRequest');
    await fx.service.rmdir('nested');
    const after = await snapshotTree(fx.base);
    expect(after['root/out-file']).toBeUndefined();
    expect(after['root/dir/moved-link']).toBe(`-> ${fx.outside}`);
    expect(after['outside/secret.txt']).toBe('outside secret');
    expect(after['root-evil/x']).toBe('sibling secret');
    expect(Object.keys(after).filter((k) => !k.startsWith('root/'))).toEqual(
      Object.keys(before).filter((k) => !k.startsWith('root/')),
    );
  });

  it('list shows such links as Unknown without describing their target', async () => {
    const files = await fx.service.list('.');
    for (const name of ['out-dir', 'out-file', 'sibling', 'up', 'dangling', 'loop-a']) {
      expect(files.find((f) => f.name === name)).toMatchObject({
        file_type: 'Unknown',
        size: null,
        modification_time: null,
      });
    }
  });
});

describe('links planted after resolution (TOCTOU) are not followed at use time', () => {
  /** Runs `plant` right after the sandbox resolves `target`, i.e. between check and use. */
  function plantAfterResolve(target: string, plant: () => Promise<void>): void {
    const original = fx.sandbox.resolve.bind(fx.sandbox);
    let done = false;
    vi.spyOn(fx.sandbox, 'resolve').mockImplementation(async (rel, opts) => {
      const abs = await original(rel, opts);
      if (!done && rel === target) {
        done = true;
        await plant();
      }
      return abs;
    });
  }
  const r = (p: string) => path.join(fx.root, p);
  const secret = () => path.join(fx.outside, 'secret.txt');

  it('sandbox.open refuses a link swapped into the last component', async () => {
    const abs = await fx.sandbox.resolve('later.txt');
    await symlink(secret(), abs);
    const err = await coreErrorOf(fx.sandbox.open(abs, constants.O_WRONLY | constants.O_TRUNC));
    expect(err.kind).toBe('PermissionDenied');
    expect(await readFile(secret(), 'utf8')).toBe('outside secret');
  });

  it('sandbox.open refuses a parent directory swapped for a link', async () => {
    await mkdir(r('a/b'), { recursive: true });
    const abs = await fx.sandbox.resolve('a/b/new.txt');
    await rename(r('a'), r('a-old'));
    await symlink(fx.outside, r('a'));
    const err = await coreErrorOf(
      fx.sandbox.open(abs, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL),
    );
    expect(err.kind).toBe('PermissionDenied');
    expect(await readdir(path.join(fx.outside, 'b'))).toEqual([]);
  });

  it('writeAtomic replaces a link planted at the target instead of writing through it', async () => {
    plantAfterResolve('victim.txt', () => symlink(secret(), r('victim.txt')));
    await fx.service.writeAtomic('victim.txt', Buffer.from('new content'));
    expect(await readFile(secret(), 'utf8')).toBe('outside secret');
    expect(await readFile(r('victim.txt'), 'utf8')).toBe('new content');
    expect((await snapshotTree(fx.root))['victim.txt']).toBe('new content');
  });

  it('a staged write replaces a link planted at the target instead of writing through it', async () => {
    plantAfterResolve('victim.txt', () => symlink(secret(), r('victim.txt')));
    const write = await fx.service.beginWrite('victim.txt');
    await write.write(Buffer.from('new content'), 0);
    await write.commit();
    expect(await readFile(secret(), 'utf8')).toBe('outside secret');
    expect(await readFile(r('victim.txt'), 'utf8')).toBe('new content');
  });

  it('a staged write that keeps the old bytes refuses a link planted at the target', async () => {
    plantAfterResolve('victim.txt', () => symlink(secret(), r('victim.txt')));
    const err = await coreErrorOf(fx.service.beginWrite('victim.txt', { keep: true }));
    expect(err.kind).toBe('PermissionDenied');
    expect(await readFile(secret(), 'utf8')).toBe('outside secret');
    expect(await readdir(fx.root)).toEqual(['dir', 'inside.txt', 'ok.zip', 'victim.txt']);
  });

  it('a staged write commits into the directory it verified, even if that is swapped meanwhile', async () => {
    await mkdir(r('sub'));
    before = await snapshotTree(fx.outside);
    const write = await fx.service.beginWrite('sub/victim.txt');
    await write.write(Buffer.from('late'), 0);
    await rename(r('sub'), r('sub-old'));
    await symlink(fx.outside, r('sub'));
    await write.commit();
    expect(await snapshotTree(fx.outside)).toEqual(before);
    expect(await readFile(r('sub-old/victim.txt'), 'utf8')).toBe('late');
  });

  it.each([
    ['writeAtomic', (s: FileService) => s.writeAtomic('sub/victim.txt', Buffer.from('pwned'))],
    ['beginWrite', (s: FileService) => s.beginWrite('sub/victim.txt').then(stagePwned)],
    ['newFile', (s: FileService) => s.newFile('sub/victim.txt')],
    ['mkdir', (s: FileService) => s.mkdir('sub/victim.txt')],
    [
      'saveUpload',
      (s: FileService) => s.saveUpload('sub', 'victim.txt', Readable.from([Buffer.from('pwned')])),
    ],
    ['list', (s: FileService) => s.list('sub/b')],
    ['rm', (s: FileService) => s.rm('sub/secret.txt')],
    ['rmdir', (s: FileService) => s.rmdir('sub/b')],
  ])('%s refuses a parent directory swapped for a link to the outside', async (_name, op) => {
    await mkdir(r('sub/b'), { recursive: true });
    await writeFile(r('sub/secret.txt'), 'inside copy');
    before = await snapshotTree(fx.outside);
    const target =
      _name === 'saveUpload'
        ? 'sub'
        : _name === 'list'
          ? 'sub/b'
          : _name === 'rmdir'
            ? 'sub/b'
            : _name === 'rm'
              ? 'sub/secret.txt'
              : 'sub/victim.txt';
    plantAfterResolve(target, async () => {
      await rename(r('sub'), r('sub-old'));
      await symlink(fx.outside, r('sub'));
    });
    const err = await coreErrorOf(op(fx.service));
    expect(['PermissionDenied', 'BadRequest']).toContain(err.kind);
    expect(await snapshotTree(fx.outside)).toEqual(before);
  });

  it('newFile refuses a link planted at the target (never creates or truncates its target)', async () => {
    plantAfterResolve('victim.txt', () =>
      symlink(path.join(fx.outside, 'created.txt'), r('victim.txt')),
    );
    expect((await coreErrorOf(fx.service.newFile('victim.txt'))).kind).toBe('BadRequest');
    expect(await readdir(fx.outside)).toEqual(['b', 'secret.txt']);
  });

  it.each([
    ['readText', (s: FileService) => s.readText('victim.txt')],
    ['openForDownload', (s: FileService) => s.openForDownload('victim.txt')],
    ['openRead', (s: FileService) => s.openRead('victim.txt')],
    ['copy', (s: FileService) => s.copy(['victim.txt'], 'dir')],
    ['unzip', (s: FileService) => s.unzip('victim.zip', 'Normal')],
  ])('%s refuses a file swapped for a link after resolution', async (name, op) => {
    const file = name === 'unzip' ? 'victim.zip' : 'victim.txt';
    await writeFile(r(file), 'harmless');
    plantAfterResolve(file, async () => {
      await rm(r(file));
      await symlink(secret(), r(file));
    });
    const result = await op(fx.service).then(
      (value) => ({ ok: true as const, value }),
      (err: unknown) => ({ ok: false as const, err }),
    );
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('outside secret');
    expect(await readdir(r('dir'))).toEqual([]);
  });
});

describe('writes that fail half-way leave the old state', () => {
  function failingStream(): Readable {
    let sent = false;
    return new Readable({
      read() {
        if (!sent) {
          sent = true;
          this.push(Buffer.alloc(64 * 1024, 0x78));
        } else {
          this.destroy(new Error('connection reset'));
        }
      },
    });
  }

  it('writeAtomic keeps the old content and leaves no temp file', async () => {
    await writeFile(path.join(fx.root, 'dir/config.toml'), 'old = true');
    const err = await coreErrorOf(fx.service.writeAtomic('dir/config.toml', failingStream()));
    expect(err.causes[0]).toBe('Failed to write file');
    expect(await readdir(path.join(fx.root, 'dir'))).toEqual(['config.toml']);
    expect(await readFile(path.join(fx.root, 'dir/config.toml'), 'utf8')).toBe('old = true');
  });

  it('a staged write keeps the old content until its commit, and an abort leaves no temp file', async () => {
    const file = path.join(fx.root, 'dir/world.dat');
    await writeFile(file, 'old bytes');
    const write = await fx.service.beginWrite('dir/world.dat');
    await write.write(Buffer.from('new'), 0);
    expect(await readFile(file, 'utf8')).toBe('old bytes');
    await write.abort();
    expect(await readdir(path.join(fx.root, 'dir'))).toEqual(['world.dat']);
    expect(await readFile(file, 'utf8')).toBe('old bytes');
  });

  it('a staged write that keeps the old bytes changes only what it writes (a resumed upload)', async () => {
    const file = path.join(fx.root, 'dir/part.bin');
    await writeFile(file, 'abcdef');
    const write = await fx.service.beginWrite('dir/part.bin', { keep: true });
    await write.write(Buffer.from('XYZ1234'), 4);
    expect(await write.size()).toBe(11);
    await write.commit();
    expect(await readFile(file, 'utf8')).toBe('abcdXYZ1234');
    expect(await readdir(path.join(fx.root, 'dir'))).toEqual(['part.bin']);
  });

  it('an exclusive staged write refuses a name taken before or during it', async () => {
    await writeFile(path.join(fx.root, 'dir/taken.txt'), 'first');
    expect(
      (await coreErrorOf(fx.service.beginWrite('dir/taken.txt', { exclusive: true }))).causes,
    ).toEqual(['A file named taken.txt already exists']);
    const write = await fx.service.beginWrite('dir/late.txt', { exclusive: true });
    await write.write(Buffer.from('second'), 0);
    await writeFile(path.join(fx.root, 'dir/late.txt'), 'racer');
    expect((await coreErrorOf(write.commit())).causes).toEqual([
      'A file named late.txt already exists',
    ]);
    expect(await readFile(path.join(fx.root, 'dir/late.txt'), 'utf8')).toBe('racer');
    expect((await readdir(path.join(fx.root, 'dir'))).sort()).toEqual(['late.txt', 'taken.txt']);
  });

  it('saveUpload leaves nothing behind when the stream fails', async () => {
    await coreErrorOf(fx.service.saveUpload('dir', 'big.bin', failingStream()));
    expect(await readdir(path.join(fx.root, 'dir'))).toEqual([]);
  });

  it('saveUpload leaves nothing behind when aborted mid-stream', async () => {
    const source = new PassThrough();
    const controller = new AbortController();
    const upload = fx.service.saveUpload('dir', 'slow.bin', source, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    source.write(Buffer.alloc(1024));
    const err = await coreErrorOf(upload);
    expect(err.kind).toBe('BadRequest');
    expect(err.causes).toEqual(['Failed to upload file', 'The upload was aborted']);
    expect(await readdir(path.join(fx.root, 'dir'))).toEqual([]);
  });

  it('zip leaves no partial archive when a source disappears', async () => {
    await writeFile(path.join(fx.root, 'dir/a.txt'), 'a');
    const original = fx.sandbox.open.bind(fx.sandbox);
    vi.spyOn(fx.sandbox, 'open').mockImplementation(async (abs, flags, mode, context) => {
      if (abs.endsWith('a.txt')) await rm(abs);
      return original(abs, flags, mode, context);
    });
    await coreErrorOf(fx.service.zip(['dir'], 'backup.zip'));
    expect((await readdir(fx.root)).sort()).toEqual(['dir', 'inside.txt', 'ok.zip']);
  });
});
