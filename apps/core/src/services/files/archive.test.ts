import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { UnzipOption } from '@hearth/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileServiceOptions } from './file-service.ts';
import type { FileProgress } from './progress.ts';
import {
  coreErrorOf,
  makeCompressedZip,
  makeFixture,
  makeTar,
  makeZip,
  snapshotTree,
  type Fixture,
} from './test-helpers.ts';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.cleanup();
  fx = undefined;
});

async function setup(
  files: Record<string, Buffer>,
  options: FileServiceOptions = {},
): Promise<Fixture> {
  fx = await makeFixture(options);
  for (const [rel, data] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(fx.root, rel)), { recursive: true });
    await writeFile(path.join(fx.root, rel), data);
  }
  return fx;
}

const worldZip = () =>
  makeZip([
    { name: 'world/level.dat', data: 'level' },
    { name: 'world/region', dir: true },
    { name: 'world/region/r.0.0.mca', data: 'region' },
  ]);

const twoTopZip = () =>
  makeZip([
    { name: 'alpha.txt', data: 'A' },
    { name: 'beta/b.txt', data: 'B' },
  ]);

function withoutArchives(tree: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tree).filter(([k]) => !/\.(zip|gz|tgz|tar)$/.test(k)));
}

describe('unzip modes (zip)', () => {
  it('Normal extracts next to the archive and suffixes taken top-level names', async () => {
    const { service, root } = await setup({ 'pack/world.zip': await worldZip() });
    expect(await service.unzip('pack/world.zip', 'Normal')).toEqual(['pack/world']);
    expect(await service.unzip('pack/world.zip', 'Normal')).toEqual(['pack/world_1']);
    expect(withoutArchives(await snapshotTree(path.join(root, 'pack')))).toEqual({
      world: '<dir>',
      'world/level.dat': 'level',
      'world/region': '<dir>',
      'world/region/r.0.0.mca': 'region',
      world_1: '<dir>',
      'world_1/level.dat': 'level',
      'world_1/region': '<dir>',
      'world_1/region/r.0.0.mca': 'region',
    });
  });

  it('Smart keeps a single top-level entry as is, else wraps in <stem>/', async () => {
    const { service, root } = await setup({
      'world.zip': await worldZip(),
      'misc.zip': await twoTopZip(),
    });
    expect(await service.unzip('world.zip', 'Smart')).toEqual(['world']);
    expect(await service.unzip('misc.zip', 'Smart')).toEqual(['misc']);
    expect(withoutArchives(await snapshotTree(path.join(root, 'misc')))).toEqual({
      'alpha.txt': 'A',
      beta: '<dir>',
      'beta/b.txt': 'B',
    });
  });

  it('ToDirectoryWithFileName always wraps in a conflict-suffixed <stem>/', async () => {
    const { service, root } = await setup({ 'world.zip': await worldZip() });
    expect(await service.unzip('world.zip', 'ToDirectoryWithFileName')).toEqual(['world']);
    expect(await service.unzip('world.zip', 'ToDirectoryWithFileName')).toEqual(['world_1']);
    expect(await readFile(path.join(root, 'world_1/world/level.dat'), 'utf8')).toBe('level');
  });

  it('ToDir extracts into a directory inside the root, creating it', async () => {
    const { service, root } = await setup({ 'misc.zip': await twoTopZip() });
    expect(await service.unzip('misc.zip', { ToDir: 'out/here' })).toEqual([
      'out/here/alpha.txt',
      'out/here/beta',
    ]);
    expect(await readFile(path.join(root, 'out/here/beta/b.txt'), 'utf8')).toBe('B');
  });

  it('reports uncompressed bytes against the declared total', async () => {
    const { service } = await setup({ 'misc.zip': await twoTopZip() });
    const progress: FileProgress[] = [];
    await service.unzip('misc.zip', 'Normal', (p) => progress.push(p));
    expect(progress.at(-1)).toEqual({ doneBytes: 2, totalBytes: 2 });
  });

  it('refuses unsupported archive names and non-archives', async () => {
    const { service } = await setup({
      'a.rar': Buffer.from('x'),
      'fake.zip': Buffer.from('not a zip'),
    });
    expect((await coreErrorOf(service.unzip('a.rar', 'Normal'))).causes).toContain(
      'Unsupported archive type',
    );
    expect((await coreErrorOf(service.unzip('fake.zip', 'Normal'))).kind).toBe('BadRequest');
    expect((await coreErrorOf(service.unzip('missing.zip', 'Normal'))).kind).toBe('NotFound');
  });
});

describe('unzip tar family', () => {
  const tarEntries = [
    { path: './', type: 'Directory' as const },
    { path: './server/', type: 'Directory' as const },
    { path: './server/eula.txt', data: 'eula=true' },
  ];

  it.each([
    ['server.tar.gz', makeTar(tarEntries)],
    ['server.tgz', makeTar(tarEntries)],
    ['server.gz', makeTar(tarEntries)],
    ['server.tar', makeTar(tarEntries, false)],
  ])('%s extracts its tar (Smart → single top-level kept)', async (name, data) => {
    const { service, root } = await setup({ [name]: data });
    expect(await service.unzip(name, 'Smart')).toEqual(['server']);
    expect(await readFile(path.join(root, 'server/eula.txt'), 'utf8')).toBe('eula=true');
  });

  it('ToDirectoryWithFileName uses the stem without .tar.gz', async () => {
    const { service } = await setup({ 'server.tar.gz': makeTar(tarEntries) });
    expect(await service.unzip('server.tar.gz', 'ToDirectoryWithFileName')).toEqual(['server']);
    expect(await service.list('server')).toHaveLength(1);
  });

  it('a plain gzip (not a tar) decompresses to its stem', async () => {
    const { service, root } = await setup({
      'logs/latest.log.gz': gzipSync(Buffer.from('line 1\nline 2\n')),
    });
    const progress: FileProgress[] = [];
    expect(await service.unzip('logs/latest.log.gz', 'Normal', (p) => progress.push(p))).toEqual([
      'logs/latest.log',
    ]);
    expect(await readFile(path.join(root, 'logs/latest.log'), 'utf8')).toBe('line 1\nline 2\n');
    expect(progress.at(-1)?.doneBytes).toBe(14);
  });

  it('reports compressed bytes read against the archive size', async () => {
    const data = makeTar(tarEntries);
    const { service } = await setup({ 's.tgz': data });
    const progress: FileProgress[] = [];
    await service.unzip('s.tgz', 'Normal', (p) => progress.push(p));
    expect(progress.at(-1)).toEqual({ doneBytes: data.length, totalBytes: data.length });
  });
});

type Build = () => Promise<Buffer> | Buffer;

/** Archives that must be refused whole: nothing may be written anywhere. */
const hostile: [string, string, Build, RegExp][] = [
  [
    'zip slip ../',
    'evil.zip',
    () =>
      makeZip([
        { name: 'ok.txt', data: 'ok' },
        { name: '../evil.txt', data: 'x' },
      ]),
    /outside the destination/,
  ],
  [
    'zip slip a/../../',
    'evil.zip',
    () => makeZip([{ name: 'a/../../evil.txt', data: 'x' }]),
    /outside the destination/,
  ],
  [
    'zip slip deep',
    'evil.zip',
    () => makeZip([{ name: '../../../../../../tmp/evil.txt', data: 'x' }]),
    /outside the destination/,
  ],
  [
    'zip backslash slip',
    'evil.zip',
    () => makeZip([{ name: '..\\..\\evil.txt', data: 'x' }]),
    /outside the destination/,
  ],
  [
    'zip absolute entry',
    'evil.zip',
    () => makeZip([{ name: '/tmp/evil-abs.txt', data: 'x' }]),
    /absolute path/,
  ],
  [
    'zip drive-letter entry',
    'evil.zip',
    () => makeZip([{ name: 'C:/evil.txt', data: 'x' }]),
    /absolute path/,
  ],
  [
    'zip symlink entry',
    'evil.zip',
    () => makeZip([{ name: 'link-out', data: '/etc', mode: 0o120777 }]),
    /symbolic link/,
  ],
  [
    'zip fifo entry',
    'evil.zip',
    () => makeZip([{ name: 'a-fifo', data: '', mode: 0o010644 }]),
    /special file/,
  ],
  [
    'zip char device entry',
    'evil.zip',
    () => makeZip([{ name: 'a-device', data: '', mode: 0o020644 }]),
    /special file/,
  ],
  [
    'tar slip ../',
    'evil.tar.gz',
    () =>
      makeTar([
        { path: 'ok.txt', data: 'ok' },
        { path: '../evil.txt', data: 'x' },
      ]),
    /outside the destination/,
  ],
  [
    'tar slip a/../../',
    'evil.tgz',
    () => makeTar([{ path: 'a/../../evil.txt', data: 'x' }]),
    /outside the destination/,
  ],
  [
    'tar absolute entry',
    'evil.tar.gz',
    () => makeTar([{ path: '/tmp/evil-abs.txt', data: 'x' }]),
    /absolute path/,
  ],
  [
    'tar symlink entry',
    'evil.tar.gz',
    () => makeTar([{ path: 'link', type: 'SymbolicLink', linkpath: '/etc' }]),
    /symbolic link/,
  ],
  [
    'tar symlink then write through it',
    'evil.tar.gz',
    () =>
      makeTar([
        { path: 'out', type: 'SymbolicLink', linkpath: '..' },
        { path: 'out/evil.txt', data: 'x' },
      ]),
    /symbolic link/,
  ],
  [
    'tar hard link entry',
    'evil.tar.gz',
    () => makeTar([{ path: 'hard', type: 'Link', linkpath: '../outside/secret.txt' }]),
    /hard link/,
  ],
  [
    'tar device entry',
    'evil.tar.gz',
    () => makeTar([{ path: 'dev', type: 'CharacterDevice' }]),
    /special file/,
  ],
  [
    'tar fifo entry',
    'evil.tar.gz',
    () => makeTar([{ path: 'fifo', type: 'FIFO' }]),
    /special file/,
  ],
];

describe('hostile archives are refused and leave nothing behind', () => {
  const modes: UnzipOption[] = ['Normal', 'Smart', 'ToDirectoryWithFileName', { ToDir: 'target' }];
  it.each(hostile)('%s', async (_label, name, build, message) => {
    const { service, root, base } = await setup({ [`sub/${name}`]: await build() });
    await mkdir(path.join(root, 'target'));
    const before = await snapshotTree(base);
    for (const mode of modes) {
      const err = await coreErrorOf(service.unzip(`sub/${name}`, mode));
      expect(err.kind).toBe('BadRequest');
      expect(err.causes.join(' ')).toMatch(message);
      expect(await snapshotTree(base)).toEqual(before);
    }
    await expect(readFile('/tmp/evil-abs.txt')).rejects.toThrow();
  });
});

describe('archive limits (bombs fail cleanly)', () => {
  const MiB = 1024 * 1024;
  const small = { maxExtractBytes: MiB, maxExtractEntries: 10 };

  it.each<[string, string, Build, RegExp]>([
    [
      'zip expanding past the byte cap',
      'bomb.zip',
      () => makeCompressedZip([{ name: 'zeros.bin', data: Buffer.alloc(2 * MiB) }]),
      /expands to more than 1 MB/,
    ],
    [
      'zip whose entries together pass the cap',
      'bomb.zip',
      () =>
        makeCompressedZip(
          [0, 1, 2].map((i) => ({ name: `z${i}.bin`, data: Buffer.alloc(MiB / 2) })),
        ),
      /expands to more than 1 MB/,
    ],
    [
      'zip with too many entries',
      'many.zip',
      () =>
        makeCompressedZip(
          Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') })),
        ),
      /too many entries \(more than 10\)/,
    ],
    [
      'tar.gz expanding past the byte cap',
      'bomb.tar.gz',
      () => makeTar([{ path: 'zeros.bin', data: '\0'.repeat(2 * MiB) }]),
      /expands to more than 1 MB/,
    ],
    [
      'tar.gz with too many entries',
      'many.tgz',
      () => makeTar(Array.from({ length: 11 }, (_, i) => ({ path: `f${i}.txt`, data: 'x' }))),
      /too many entries/,
    ],
    [
      'plain gzip expanding past the byte cap',
      'zeros.bin.gz',
      () => gzipSync(Buffer.alloc(2 * MiB)),
      /expands to more than 1 MB/,
    ],
  ])('%s', async (_label, name, build, message) => {
    const archive = await build();
    expect(archive.length).toBeLessThan(MiB / 4);
    const { service, base } = await setup({ [name]: archive }, small);
    const before = await snapshotTree(base);
    const err = await coreErrorOf(service.unzip(name, 'ToDirectoryWithFileName'));
    expect(err.kind).toBe('BadRequest');
    expect(err.causes.join(' ')).toMatch(message);
    expect(await snapshotTree(base)).toEqual(before);
  });

  it('a zip whose entry lies about its size is refused as corrupt, leaving nothing', async () => {
    const zip = await makeCompressedZip([{ name: 'liar.bin', data: Buffer.alloc(2 * MiB) }]);
    // Rewrite the declared uncompressed size (central directory and local header) to 1000 bytes.
    for (const [sig, offset] of [
      [0x02014b50, 24],
      [0x04034b50, 22],
    ] as const) {
      const sigBytes = Buffer.alloc(4);
      sigBytes.writeUInt32LE(sig);
      const at = zip.indexOf(sigBytes);
      expect(at).toBeGreaterThanOrEqual(0);
      zip.writeUInt32LE(1000, at + offset);
    }
    const { service, base } = await setup({ 'liar.zip': zip }, small);
    const before = await snapshotTree(base);
    const err = await coreErrorOf(service.unzip('liar.zip', 'Normal'));
    expect(err.kind).toBe('BadRequest');
    expect(err.causes.join(' ')).toMatch(/corrupt/);
    expect(await snapshotTree(base)).toEqual(before);
  });

  it('an archive within the limits still extracts', async () => {
    const { service } = await setup(
      { 'ok.zip': await makeCompressedZip([{ name: 'half.bin', data: Buffer.alloc(MiB / 2) }]) },
      small,
    );
    expect(await service.unzip('ok.zip', 'Normal')).toEqual(['half.bin']);
    expect((await readdir(fx!.root)).sort()).toEqual(['half.bin', 'ok.zip']);
  });
});

describe('broken archives fail cleanly', () => {
  it.each<[string, Build]>([
    ['cut.tar.gz', () => makeTar([{ path: 'big.txt', data: 'x'.repeat(5000) }]).subarray(0, 60)],
    [
      'cut.tar',
      () => makeTar([{ path: 'big.txt', data: 'x'.repeat(5000) }], false).subarray(0, 2048),
    ],
    ['garbage.gz', () => Buffer.from('this is not gzip at all')],
    ['garbage.tgz', () => Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9])],
  ])('%s', async (name, build) => {
    const { service, base } = await setup({ [name]: await build() });
    const before = await snapshotTree(base);
    const err = await coreErrorOf(service.unzip(name, 'ToDirectoryWithFileName'));
    expect(err.kind).toBe('BadRequest');
    expect(await snapshotTree(base)).toEqual(before);
  });
});
